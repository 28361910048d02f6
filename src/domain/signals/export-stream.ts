import type { Needs } from '../needs'
import { AppError } from '../../errors'

// docs/security.md#what-is-bounded: an export stays open as long as its client takes to read it, with a page of full
// texts and, on a local file, a database connection of its own; a client that never reads held them for ever, and the
// console's exports are not counted, so nothing else bounded how many one member could open (200 stalled ones held
// 600 file descriptors and 770 MB). Counted per team in this process, over the API and the console together, and
// apart for the people export (domain/people/export.ts), whose routes are not counted either.
export const MAX_OPEN_EXPORTS = 4
const RETRY_EXPORT_SEC = 10
const openExports = new WeakMap<object, Map<string, number>>()

/**
 * Takes one of the team's open exports of the kind `repo` reads (signals, people), or refuses; the answer ends it
 * (once, whichever way the export ends).
 */
export function takeExportSlot(repo: object, teamId: string): () => void {
  const open = openExports.get(repo) ?? new Map<string, number>()
  openExports.set(repo, open)
  const count = open.get(teamId) ?? 0
  if (count >= MAX_OPEN_EXPORTS)
    throw new AppError(
      'too_many_exports',
      `the team already has ${MAX_OPEN_EXPORTS} exports open, the most at once; try again when one has finished`,
      { retryAfterSec: RETRY_EXPORT_SEC },
    )
  open.set(teamId, count + 1)
  let ended = false
  return () => {
    if (ended) return
    ended = true
    const left = (open.get(teamId) ?? 1) - 1
    if (left > 0) open.set(teamId, left)
    else open.delete(teamId)
  }
}

// docs/api.md#export: the longest an export waits for its client to take the next chunk. A client that keeps the
// connection open and reads nothing (paused, or behind a proxy that stalled) never asks for more, so the stream's pull
// never comes, and the export held one of its team's MAX_OPEN_EXPORTS places for as long as the connection lived.
// Two minutes is far longer than any reader that is reading takes between chunks (a page is under a megabyte).
export const EXPORT_IDLE_MS = 120_000

/**
 * `exportIdleMs`: the idle bound instead of EXPORT_IDLE_MS (tests; the command line, whose reader is its own, none).
 */
export type ExportLimits = { exportIdleMs?: number }

/** What one kind of export reads: `pull` enqueues its next chunk or closes; `close` gives back its reader. */
type ExportSource = {
  pull(out: { enqueue(chunk: Uint8Array): void; close(): void; ended(): boolean }): Promise<void>
  close(): void
}

/**
 * An export's body, for the signals and the people export alike: the source is asked for a chunk only when the
 * client has taken the one before (nothing read ahead), and it is closed once, whichever way the export ends: read to
 * its end, failed (export_failed), cut by its client (export_cut), or its client idle past the bound (export_idle).
 */
export function exportStream(
  deps: Needs<'log' | 'exportIdleMs'>,
  teamId: string,
  source: ExportSource,
): ReadableStream<Uint8Array> {
  const idleMs = deps.exportIdleMs ?? EXPORT_IDLE_MS
  let ended = false
  let idle: ReturnType<typeof setTimeout> | undefined
  const end = () => {
    clearTimeout(idle)
    if (ended) return
    ended = true
    source.close()
  }
  const awaitClient = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    if (ended || !Number.isFinite(idleMs)) return
    idle = setTimeout(() => {
      // No path, no filter, no client address: the team and the bound say which export and why.
      deps.log.warn('export_idle', { teamId, idleSec: Math.round(idleMs / 1000) })
      end()
      // The transfer ends without its last chunk, as a failure does: the client cannot take it for a whole file.
      // With no reason: Bun prints a stream's error, stack and source lines, on the server's standard error, and the
      // line above already says what happened.
      controller.error(undefined)
    }, idleMs)
    // A stalled download never keeps the process from exiting (a shutdown cuts it, docs/security.md#decisions).
    idle.unref()
  }
  return new ReadableStream<Uint8Array>(
    {
      start: awaitClient,
      async pull(controller) {
        clearTimeout(idle)
        const out = {
          enqueue: (chunk: Uint8Array) => controller.enqueue(chunk),
          close() {
            end()
            controller.close()
          },
          ended: () => ended,
        }
        try {
          await source.pull(out)
        } catch (err) {
          // The answer has begun: the reader sees the transfer cut short (docs/api.md#export), the log says why (a
          // read that failed because the client left meanwhile, and closed its reader, is that cut, not a failure).
          if (!ended) deps.log.error('export_failed', { teamId, err })
          end()
          throw err
        }
        awaitClient(controller)
      },
      // The client went away (or the reader gave up): the rest is never read.
      cancel() {
        // docs/security.md#decisions: a download cut short (the client left, or a shutdown ended it) is said so.
        if (!ended) deps.log.info('export_cut', { teamId })
        end()
      },
    },
    // Nothing is read ahead of the reader: the next page is read when the one before has been taken.
    { highWaterMark: 0 },
  )
}

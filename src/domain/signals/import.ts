import type { Needs } from '../needs'
import type { ImportedVerdict, NewSignal } from '../../storage/repos/signals'
import { AppError } from '../../errors'
import { parseSignalLine } from './import-line'
import type { Line, LineSource } from './line-source'
import { withoutForgotten } from './forgotten'
import { type Rejection, REJECTIONS_KEPT, rejectionLog } from './rejections'

// `checking`: the first pass (nothing written, the total not known); `importing`: lines stored so far of all, reported
// first with none as storing begins, so that a rate is timed from there.
export type ImportProgress = {
  phase: 'checking' | 'importing'
  lines: number
  totalLines: number | undefined
  imported: number
  duplicates: number
}
type ImportResult = {
  /** False when invalid lines stopped the import (without skipInvalid): nothing was written. */
  applied: boolean
  imported: number
  duplicates: number
  /** Lines of an author the team forgot (docs/people.md#forget): not stored. */
  forgotten: number
  /** The first REJECTIONS_KEPT rejected lines (rejections.ts), and how many there are. */
  rejected: Rejection[]
  rejectedCount: number
  /** True when the first NOT_SIGNALS lines were all rejected: the rest was not read (/dev/urandom, a wrong file). */
  stopped?: true
}

// Rows per transaction, which holds the write lock for as long as it takes: with people and verdicts, 0.2-0.35 ms a
// row on a 2-core host at load 7 (1,000 rows: up to 0.75 s; 250: up to 0.16 s), so a host many times as loaded kept
// a server's writes waiting past their 5 s. 250 costs about 15% more CPU than 1,000
// (docs/performance.md#people-in-a-pass-and-an-import).
const BATCH_ROWS = 250
// Between two batches: several times the longest interval at which a waiting writer polls the lock
// (storage/lock-wait.ts), since on a loaded machine a timer fires late; with 10 ms, a server writing every turn (quota
// and per-day counts) missed every pause of an import now and then and gave up after its 5 s wait.
const BATCH_PAUSE_MS = 25
// docs/operations.md#importing-signals: first lines all rejected, so no signals file; /dev/urandom never ends.
const NOT_SIGNALS = REJECTIONS_KEPT

// Still exported here, where its callers and tests have always found it.
export { parseSignalLine }

/** Numbered lines (from 1), without a leading byte order mark. */
async function* numbered(lines: LineSource): AsyncGenerator<[number, Line]> {
  let n = 0
  for await (const line of lines())
    yield [++n, n === 1 && typeof line === 'string' ? line.replace(/^\uFEFF/, '') : line]
}

/** A line as parseSignalLine reads it, or, when its bytes could not be read as text, why. */
const parseLine = (raw: Line, a: { teamId: string; now: Date }) =>
  typeof raw === 'string' ? parseSignalLine(raw, a) : { message: raw.unreadable }

/**
 * docs/operations.md#importing-signals: all or nothing unless `skipInvalid`. A post the team already has, or one
 * repeated in the file, is skipped as a duplicate (docs/operations.md#exactly-once: one signal per team, platform and
 * post id). A line's verdict is stored with its signal, in the same transaction; a duplicate gets it only when the team
 * has not judged it.
 *
 * Two passes over the lines, so a file of any size is never held as rows: the first checks every line and writes
 * nothing; the second stores the valid ones in transactions of BATCH_ROWS, each holding the write lock briefly
 * (a server on the same database keeps answering), and pauses between them so that writers waiting for the lock
 * get it. An interrupted import run again stores only what is missing: the rest are duplicates.
 */
export async function importSignals(
  deps: Needs<'clock', 'signals' | 'forgottenAuthors'>,
  a: { teamId: string; lines: LineSource; skipInvalid: boolean; onProgress?: (p: ImportProgress) => void },
): Promise<ImportResult> {
  const context = { teamId: a.teamId, now: deps.clock.now() }
  const progress = a.onProgress ?? (() => {})
  const rejections = rejectionLog()
  const rejectedOf = () => ({ rejected: rejections.kept, rejectedCount: rejections.count })
  let lines = 0
  let signals = 0
  for await (const [n, raw] of numbered(a.lines)) {
    const parsed = parseLine(raw, context)
    if (parsed && 'message' in parsed) rejections.add(n, parsed.message)
    else if (parsed) signals++
    if (signals === 0 && rejections.count === NOT_SIGNALS) return { ...NOTHING, stopped: true, ...rejectedOf() }
    lines = n
    if (n % BATCH_ROWS === 0)
      progress({ phase: 'checking', lines: n, totalLines: undefined, imported: 0, duplicates: 0 })
  }
  const rejected = rejectedOf()
  if (rejections.count > 0 && !a.skipInvalid) return { ...NOTHING, ...rejected }

  let batch: NewSignal[] = []
  let verdicts: ImportedVerdict[] = []
  let stored = 0
  let imported = 0
  let forgotten = 0
  const flush = async (line: number) => {
    if (stored > 0) await Bun.sleep(BATCH_PAUSE_MS)
    const split = await withoutForgotten(deps, batch, (row) => row)
    imported += await deps.repos.signals.insertMany(a.teamId, split.kept, verdicts)
    forgotten += split.forgotten.length
    stored += split.kept.length
    batch = []
    verdicts = []
    progress({ phase: 'importing', lines: line, totalLines: lines, imported, duplicates: stored - imported })
  }
  progress({ phase: 'importing', lines: 0, totalLines: lines, imported: 0, duplicates: 0 })
  let seen = 0
  for await (const [n, raw] of numbered(a.lines)) {
    seen = n
    const parsed = parseLine(raw, context)
    if (parsed === undefined) continue
    if ('message' in parsed !== rejections.wasRejected(n)) throw changedDuringImport()
    if ('row' in parsed) {
      batch.push(parsed.row)
      if (parsed.verdict) verdicts.push(parsed.verdict)
    }
    if (batch.length === BATCH_ROWS) await flush(n)
  }
  if (seen !== lines) throw changedDuringImport()
  if (batch.length > 0) await flush(seen)
  return { applied: true, imported, duplicates: stored - imported, forgotten, ...rejected }
}

const NOTHING = { applied: false, imported: 0, duplicates: 0, forgotten: 0 } as const

// The first pass saw other lines: what it checked is not what would be stored.
const changedDuringImport = () =>
  new AppError(
    'invalid_request',
    'the file changed while it was being imported; run the import again (signals already stored are skipped as duplicates)',
  )

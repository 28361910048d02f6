import type { Needs } from '../needs'
import type { Caller } from '../core/caller'
import type { ExportRow, SignalFilter } from '../../storage/repos/signals'
import type { TeamRow } from '../../storage/repos/teams'
import { charged } from '../quota/charge'
import { CSV_HEADER, csvLine, csvStart, type ExportFormat, jsonLine } from './export-lines'
import { exportStream, takeExportSlot } from './export-stream'

export type { ExportFormat } from './export-lines'
type ExportQuery = Omit<SignalFilter, 'withDismissed'> & {
  format: ExportFormat
  include?: 'dismissed'
  bom?: 'true' | 'false'
}

/** What an export answers: its media type, a file name to save it under, and its text as UTF-8 chunks. */
export type SignalExport = { contentType: string; fileName: string; body: ReadableStream<Uint8Array> }

// Rows read per query: a page of full texts (up to 4,000 characters each) is under a megabyte, and the stream holds
// about one at a time, so memory stays flat whatever the team's size. Each query runs synchronously in the engine,
// so a small page also keeps other requests' waits short (a few ms). With 100 rows, 1,000,000 signals exported
// faster and with less memory than with 1,000, measured in process and through the server (`npm run bench`, export).
export const EXPORT_PAGE_ROWS = 100

// docs/performance.md#where-an-export-spends-its-memory: a full garbage collection every this many pages (2,500 rows),
// then a turn of the event loop. Every page leaves garbage (14 strings a row, its lines, the page's text and bytes, the
// engine's result object), and the collector's own full collections come seldom; the engine's memory behind each result
// is freed by a finaliser that runs in a later turn, which a stream always ready to write never gives. Measured on
// 1,000,000 signals (`npm run bench`, export): +119 MB at the first export without these collections, +44 MB with
// one every 50 pages, +30 MB every 25. They cost time: 7.6 s for the CSV without them, 13 s with them every 25 pages.
const PAGES_PER_COLLECTION = 25

const MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8; header=present',
  jsonl: 'application/x-ndjson; charset=utf-8',
}

/**
 * docs/api.md#export: the team's signals that pass the filter, all of them with their full text, as CSV or JSON
 * Lines. Counted once, when the export starts: the unit is charged once the first page has been read (a failure
 * before that gives it back), and stays charged if the stream breaks later.
 */
export async function exportSignals(
  deps: Needs<'config' | 'clock' | 'log' | 'exportIdleMs', 'signalExports' | 'usage' | 'usageDays'>,
  caller: Caller,
  q: ExportQuery,
): Promise<SignalExport> {
  return (await charged(deps, caller, () => openExport(deps, caller.team, q))).result
}

/**
 * The export without a charge (the console and the command line). The first page is read here, so that a database
 * that cannot be read fails the call rather than a stream already answered with 200; the rest is read as the
 * reader asks for it, one keyset page at a time (never an OFFSET, so every page costs the same).
 */
export async function openExport(
  deps: Needs<'clock' | 'log' | 'exportIdleMs', 'signalExports'>,
  team: Pick<TeamRow, 'id'>,
  q: ExportQuery,
): Promise<SignalExport> {
  const { format, include, bom, ...rest } = q
  const filter: SignalFilter = { ...rest, withDismissed: include === 'dismissed' }
  const endSlot = takeExportSlot(deps.repos.signalExports, team.id)
  let opened: ReturnType<typeof deps.repos.signalExports.open>
  try {
    opened = deps.repos.signalExports.open(team.id, filter)
  } catch (err) {
    endSlot()
    throw err
  }
  const line = format === 'csv' ? csvLine : jsonLine
  const encoder = new TextEncoder()
  let header = format === 'csv' ? csvStart(bom === 'true') + CSV_HEADER : ''
  let pages = 1
  let page: ExportRow[] | undefined
  const close = () => {
    endSlot()
    opened.close()
  }
  try {
    page = await opened.page(undefined, EXPORT_PAGE_ROWS)
  } catch (err) {
    close()
    throw err
  }
  const body = exportStream(deps, team.id, {
    close,
    async pull(out) {
      // Every pull enqueues something or closes: a pull that did neither would leave the reader waiting.
      if (page === undefined || (page.length === 0 && header === '')) return out.close()
      out.enqueue(encoder.encode(header + page.map(line).join('')))
      header = ''
      const last = page.at(-1)
      if (pages++ % PAGES_PER_COLLECTION === 0) {
        Bun.gc(true)
        await new Promise((resolve) => setImmediate(resolve))
        // The client may have gone away during that turn: its reader is closed.
        if (out.ended()) return
      }
      // A short page is the last one: no query is needed to find out that nothing follows.
      page = last && page.length === EXPORT_PAGE_ROWS ? await opened.page(last, EXPORT_PAGE_ROWS) : undefined
    },
  })
  return { contentType: MEDIA_TYPES[format], fileName: exportFileName(format, deps.clock.now()), body }
}

/** `signals-2026-11-26.csv`: the day (UTC) of the export. */
const exportFileName = (format: ExportFormat, now: Date) => `signals-${now.toISOString().slice(0, 10)}.${format}`

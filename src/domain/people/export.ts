import type { Needs } from '../needs'
import { FORCING_DIRECTION } from '../../lib/text'
import { csvCell, csvStart } from '../signals/export-lines'
import type { SignalExport } from '../signals/export'
import { exportStream, takeExportSlot } from '../signals/export-stream'
import { personView } from './people'

// People per query: small rows, a few identities each.
const PAGE = 200

/**
 * docs/people.md#export, for a CRM import: one record per person keyed by its stable `id` (an import that matches
 * on it updates rather than duplicates); the identities linked to it as `platform:author` separated by spaces, and
 * their profile addresses in the same order (last, so that a column read by its place before keeps it).
 */
const FIELDS = [
  'id',
  'platform',
  'author',
  'profileUrl',
  'identities',
  'signals',
  'bestScore',
  'bestIntent',
  'icpMatched',
  'firstSeen',
  'lastSeen',
  'heat',
  'band',
  'muted',
  'identityProfileUrls',
] as const

type View = ReturnType<typeof personView>
const recordOf = (p: View) => ({
  ...p,
  identities: p.identities.map((i) => `${i.platform}:${spaceless(i.author)}`).join(' '),
  // Only the person's own profile was exported: a CRM lost every linked account's. `none` keeps the places of the
  // identities when a platform gave no address.
  identityProfileUrls: p.identities.map((i) => (i.profileUrl ? oneAddress(i.profileUrl) : 'none')).join(' '),
})
// A name holding a space or a line break would read as two identities, and one holding a character that forces a
// direction of writing (U+202A to U+202E, U+2066 to U+2069) turned the identities after it in the cell around in a
// spreadsheet: those, and `%` itself, are percent-encoded (docs/people.md#export).
const spaceless = (author: string) => author.replace(SPACE_OR_FORCING, (c) => encodeURIComponent(c))
const SPACE_OR_FORCING = new RegExp(`[%\\s${FORCING_DIRECTION}]`, 'gu')
// A profile address's `%` already starts an escape (kept as a URL parser writes it, platforms/common/web-urls.ts):
// encoded again, `J%C3%BCrgen` became `J%25C3%25BCrgen`, another page. Only what would split or turn the list is.
const oneAddress = (url: string) => url.replace(SPACE_OR_FORCING_IN_URL, (c) => encodeURIComponent(c))
const SPACE_OR_FORCING_IN_URL = new RegExp(`[\\s${FORCING_DIRECTION}]`, 'gu')
const csvRecord = (cells: unknown[]) =>
  `${cells.map((c) => csvCell(c === null || c === undefined ? null : typeof c === 'number' ? c : String(c))).join(',')}\r\n`

/**
 * The team's people, streamed as CSV (cells neutralised as in the signals export) or JSON Lines, page by page. As
 * the signals export (docs/api.md#export): the first page is read here, so that a database that cannot be read fails
 * the call rather than a 200 already begun; a later failure cuts the transfer short and is logged (export_failed),
 * and so is a client that goes away (export_cut, docs/security.md#decisions).
 */
export async function exportPeople(
  deps: Needs<'clock' | 'log' | 'exportIdleMs', 'people'>,
  teamId: string,
  format: 'csv' | 'jsonl',
  bom = false,
): Promise<SignalExport> {
  const now = deps.clock.now()
  const encoder = new TextEncoder()
  const read = (after: string) => deps.repos.people.exportPage(teamId, after, PAGE, now.toISOString())
  const text = (page: Awaited<ReturnType<typeof read>>) =>
    page
      .map(({ person, linked }) => {
        const r = recordOf(personView(person, linked))
        return format === 'csv'
          ? csvRecord(FIELDS.map((f) => r[f]))
          : `${JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, r[f]])))}\n`
      })
      .join('')
  // docs/security.md#what-is-bounded: at most 4 open at once per team, as the signals export.
  const endSlot = takeExportSlot(deps.repos.people, teamId)
  let page: Awaited<ReturnType<typeof read>> | undefined
  try {
    page = await read('')
  } catch (err) {
    endSlot()
    throw err
  }
  let header = format === 'csv' ? csvStart(bom) + csvRecord([...FIELDS]) : ''
  const body = exportStream(deps, teamId, {
    close: endSlot,
    async pull(out) {
      if (page === undefined) return out.close()
      const chunk = header + text(page)
      header = ''
      if (chunk) out.enqueue(encoder.encode(chunk))
      if (page.length < PAGE) {
        page = undefined
        return chunk ? undefined : out.close()
      }
      page = await read(page[page.length - 1].person.id)
    },
  })
  const day = now.toISOString().slice(0, 10)
  return {
    contentType: format === 'csv' ? 'text/csv; charset=utf-8; header=present' : 'application/x-ndjson; charset=utf-8',
    fileName: `people-${day}.${format}`,
    body,
  }
}

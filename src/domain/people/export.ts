import type { Needs } from '../needs'
import { csvCell } from '../signals/export-lines'
import type { SignalExport } from '../signals/export'
import { personView } from './people'

// People per query: small rows, a few identities each.
const PAGE = 200

/**
 * docs/people.md#export, for a CRM import: one record per person keyed by its stable `id` (an import that matches
 * on it updates rather than duplicates); the identities linked to it as `platform:author` separated by spaces.
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
] as const

type View = ReturnType<typeof personView>
const recordOf = (p: View) => ({
  ...p,
  identities: p.identities.map((i) => `${i.platform}:${spaceless(i.author)}`).join(' '),
})
// A name holding a space or a line break would read as two identities: those, and `%` itself, are percent-encoded.
const spaceless = (author: string) => author.replace(/[%\s]/gu, (c) => encodeURIComponent(c))
const csvRecord = (cells: unknown[]) =>
  `${cells.map((c) => csvCell(c === null || c === undefined ? null : typeof c === 'number' ? c : String(c))).join(',')}\r\n`

/** The team's people, streamed as CSV (cells neutralised as in the signals export) or JSON Lines, page by page. */
export function exportPeople(deps: Needs<'clock', 'people'>, teamId: string, format: 'csv' | 'jsonl'): SignalExport {
  const now = deps.clock.now()
  const encoder = new TextEncoder()
  let after = ''
  let started = false
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let text = ''
      if (!started && format === 'csv') text += csvRecord([...FIELDS])
      started = true
      const page = await deps.repos.people.exportPage(teamId, after, PAGE, now.toISOString())
      for (const { person, linked } of page) {
        const r = recordOf(personView(person, linked))
        text +=
          format === 'csv'
            ? csvRecord(FIELDS.map((f) => r[f]))
            : `${JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, r[f]])))}\n`
      }
      if (text) controller.enqueue(encoder.encode(text))
      if (page.length < PAGE) controller.close()
      else after = page[page.length - 1].person.id
    },
  })
  const day = now.toISOString().slice(0, 10)
  return {
    contentType: format === 'csv' ? 'text/csv; charset=utf-8; header=present' : 'application/x-ndjson; charset=utf-8',
    fileName: `people-${day}.${format}`,
    body,
  }
}

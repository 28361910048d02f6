import { useState } from 'preact/hooks'

/**
 * docs/console.md#export: Export CSV of the Signals page (every signal the page's filters let through with its full
 * text) and of the People page (every person, docs/console.md#people), streamed by the server as a download, and
 * beside it the choice of a file for Excel: one that starts with a byte order mark (the API's bom=true), which Excel
 * needs to read a double-clicked file as UTF-8.
 *
 * No download attribute: a file (Content-Disposition: attachment) downloads and the page stays, and a refusal opens
 * the server's page that says why, where a download link showed only a failed download.
 */
export function ExportCsv(props: { of: 'signals' | 'people'; query?: URLSearchParams }) {
  const [forExcel, setForExcel] = useState(false)
  const params = new URLSearchParams([
    ['format', 'csv'],
    ...(props.query ?? []),
    ...(forExcel ? [['bom', 'true']] : []),
  ])
  return (
    <div class="export">
      <label class="check">
        <input type="checkbox" checked={forExcel} onChange={(e) => setForExcel(e.currentTarget.checked)} />
        For Excel
      </label>
      <a class="button" href={`/console/api/${props.of}/export?${params}`}>
        Export CSV
      </a>
    </div>
  )
}

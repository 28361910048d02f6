import type { ComponentChildren } from 'preact'

/**
 * `word`: the cell holds one short word (an id, an event name, a status), kept on one line. Cells wrap
 * anywhere so that a long keyword or URL stays inside the page, and a table then squeezed "succeeded" into
 * "succeede / d" beside a long id.
 */
export type Column<R> = { head: string; cell: (row: R) => ComponentChildren; word?: boolean }

/**
 * A table on a wide screen and a list of cards on a phone (styles/tables.css, "Tables become cards"): each cell carries
 * its column's name, which the phone layout writes before the value, so nothing scrolls sideways and every row's
 * buttons stay on screen. A column with an empty head holds the row's buttons: "Actions", read but not shown.
 */
export function DataTable<R>(props: { label?: string; columns: Column<R>[]; rows: R[] }) {
  return (
    <table class="data" aria-label={props.label}>
      <thead>
        <tr>
          {/* The buttons' column is named for a screen reader (a blank header read their cells under no column). */}
          {props.columns.map((c) => (
            <th>{c.head || <span class="visually-hidden">Actions</span>}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr>
            {props.columns.map((c) => (
              <td data-label={c.head || undefined} class={c.head ? (c.word ? 'word' : undefined) : 'row-actions'}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

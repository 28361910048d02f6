import { Ago } from './ui'
import { DataTable } from './data-table'
import { platformName, sourceError } from '../signal-facts'
import { failingNow, reading, type Source } from '../source-reading'

/**
 * Since when a source has failed, when more than its last try failed (`failingSince`, docs/api.md#source-health): the
 * last failure alone read the same for a blip and for a source down since the morning. For one failure it is that
 * failure's own time, already shown.
 */
function FailingSince(props: { source: Source }) {
  const s = props.source
  if (!failingNow(s) || !s.failingSince || s.failingSince >= (s.lastFailureAt as string)) return null
  return (
    <>
      {' (failing since '}
      <Ago iso={s.failingSince} />
      {s.lastSuccessAt === null && ', never answered'})
    </>
  )
}

/**
 * Each source's health (docs/console.md#sources): how its last tries went, when it is tried next and how it is read.
 */
export function SourcesTable(props: { label: string; rows: Source[]; keywords: number }) {
  return (
    <DataTable
      label={props.label}
      rows={props.rows}
      columns={[
        { head: 'Platform', cell: (s) => platformName(s.platform) },
        // A `platform:` filter keeps a keyword off the other platforms (docs/queries.md#filters): how many reach this
        // one.
        ...(props.keywords > 0
          ? [{ head: 'Your keywords', cell: (s: Source) => `${s.keywords} of ${props.keywords}` }]
          : []),
        { head: 'Last success', cell: (s) => <Ago iso={s.lastSuccessAt} /> },
        {
          head: 'Last failure',
          // A failure a success came after is history: its error (often "set this setting") read as the state.
          cell: (s) =>
            s.lastFailureAt ? (
              <span>
                <Ago iso={s.lastFailureAt} />: {sourceError(s.platform, s.lastError ?? '')}
                {!failingNow(s) && ' (it has answered since)'}
                <FailingSince source={s} />
              </span>
            ) : (
              '—'
            ),
        },
        {
          head: 'Next retry',
          // A wait the platform announced (to any server on the database) says why; a refused search's is its failure.
          cell: (s) => (
            <span>
              <Ago iso={s.retryAt} scheduled />
              {s.retryWhy && ` (${s.retryWhy})`}
            </span>
          ),
        },
        { head: 'Reading', cell: (s) => reading(s) },
      ]}
    />
  )
}

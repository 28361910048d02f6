import { useEffect, useState } from 'preact/hooks'
import type * as v from 'valibot'
import type { PlatformList } from '../../wire/platforms'
import { api, when } from '../api'
import { DataTable } from '../components/data-table'
import { Alert, Ago } from '../components/ui'

type Source = v.InferOutput<typeof PlatformList>['platforms'][number]

/** How a platform is read (docs/streams.md#source-health): a stream's figures, or the last search. */
function reading(s: Source): string {
  if (!s.stream) return `search, last ${when(s.position)}`
  const lag = s.stream.lagSeconds === null ? '' : `, ${s.stream.lagSeconds} s behind`
  const gap = s.stream.gap ? `; gap: ${s.stream.gap.note}` : ''
  return `stream at ${s.position ?? '—'}${lag}; last hour ${s.stream.readLastHour} read, ${s.stream.matchedLastHour} matched; heard ${when(s.stream.heardAt)}${gap}`
}

/** Whether the server can search it, and if not, the settings to add, as a file key and an environment variable. */
function configured(s: Source) {
  if (s.configured) return s.keyless ? 'yes (needs no key)' : 'yes'
  if (s.missingSettings.length === 0) return 'no'
  return (
    <span>
      no: set{' '}
      {s.missingSettings.map((m, i) => (
        <span>
          {i > 0 && ', '}
          <code>{m.key}</code> (or <code>{m.env}</code>)
        </span>
      ))}
      {/* The settings above are the route open to every install; Reddit's own API needs its approval first. */}
      {s.platform === 'reddit' && (
        <>
          ; or, once Reddit has approved an app, its own API (<a href="/docs/platforms#reddit">how</a>)
        </>
      )}
    </span>
  )
}

export function Sources() {
  const [sources, setSources] = useState<Source[]>([])
  const [error, setError] = useState('')
  useEffect(() => {
    api<{ platforms: Source[] }>('GET', '/sources')
      .then((s) => setSources(s.platforms))
      .catch((e) => setError(e.message))
  }, [])
  return (
    <section>
      <p class="hint">
        Keyless sources work as installed. For another, add the setting named here to the configuration file or the
        environment and restart; <a href="/docs/platforms">what to get for each platform</a>.
      </p>
      <Alert message={error} />
      <DataTable
        label="Sources"
        rows={sources}
        columns={[
          { head: 'Platform', cell: (s) => (s.earlierRouteOnly ? `${s.platform} (earlier route only)` : s.platform) },
          { head: 'On the plan', cell: (s) => (s.inPlan ? 'yes' : 'no') },
          { head: 'Configured', cell: configured },
          { head: 'Last success', cell: (s) => <Ago iso={s.lastSuccessAt} /> },
          {
            head: 'Last failure',
            cell: (s) =>
              s.lastFailureAt ? (
                <span>
                  <Ago iso={s.lastFailureAt} />: {s.lastError ?? ''}
                </span>
              ) : (
                '—'
              ),
          },
          { head: 'Next retry', cell: (s) => <Ago iso={s.retryAt} /> },
          { head: 'Reading', cell: reading },
        ]}
      />
    </section>
  )
}

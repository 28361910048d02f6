import { useEffect, useState } from 'preact/hooks'
import type * as v from 'valibot'
import type { PlatformList } from '../../wire/platforms'
import { api, when } from '../api'

type Source = v.InferOutput<typeof PlatformList>['platforms'][number]

/** How a platform is read (docs/streams.md#source-health): a stream's figures, or the last search. */
function reading(s: Source): string {
  if (!s.stream) return `search, last ${when(s.position)}`
  const lag = s.stream.lagSeconds === null ? '' : `, ${s.stream.lagSeconds} s behind`
  const gap = s.stream.gap ? `; gap: ${s.stream.gap.note}` : ''
  return `stream at ${s.position ?? '—'}${lag}; last hour ${s.stream.readLastHour} read, ${s.stream.matchedLastHour} matched; heard ${when(s.stream.heardAt)}${gap}`
}

export function Sources() {
  const [sources, setSources] = useState<Source[]>([])
  useEffect(() => {
    api<{ platforms: Source[] }>('GET', '/sources').then((s) => setSources(s.platforms))
  }, [])
  return (
    <div class="table-wrap">
      <table>
        <thead>
          <tr>
            <th>Platform</th>
            <th>On the plan</th>
            <th>Configured</th>
            <th>Last success</th>
            <th>Last failure</th>
            <th>Next retry</th>
            <th>Reading</th>
          </tr>
        </thead>
        <tbody>
          {sources.map((s) => (
            <tr>
              <td>{s.platform}</td>
              <td>{s.inPlan ? 'yes' : 'no'}</td>
              <td>{s.configured ? 'yes' : 'no'}</td>
              <td>{when(s.lastSuccessAt)}</td>
              <td>{s.lastFailureAt ? `${when(s.lastFailureAt)}: ${s.lastError ?? ''}` : '—'}</td>
              <td>{when(s.retryAt)}</td>
              <td>{reading(s)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

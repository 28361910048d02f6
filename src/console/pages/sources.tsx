import { useEffect, useState } from 'preact/hooks'
import type * as v from 'valibot'
import type { PlatformList } from '../../wire/platforms'
import { api, when } from '../api'

type Source = v.InferOutput<typeof PlatformList>['platforms'][number]

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
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

import { useEffect, useState } from 'preact/hooks'
import { api, when } from '../api'
import type { Me } from '../me'

type App = {
  id: string
  client: string
  clientId: string
  allowedBy: string
  scopes: string[]
  allowedAt: string
  lastUsedAt: string | null
  mine: boolean
}

/** Settings → Connected apps (docs/oauth.md#connected-apps): what was allowed; disconnecting stops its tokens at once. */
export function ConnectedApps(props: { me: Me }) {
  const [apps, setApps] = useState<App[]>([])
  const [error, setError] = useState('')
  const load = () => api<{ apps: App[] }>('GET', '/connected-apps').then((a) => setApps(a.apps))
  useEffect(() => {
    load().catch((e) => setError(e.message))
  }, [])
  const disconnect = (id: string) =>
    api('DELETE', `/connected-apps/${encodeURIComponent(id)}`)
      .then(load)
      .catch((e) => setError(e.message))
  return (
    <section>
      <h2>Connected apps</h2>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {apps.length === 0 ? (
        <p>No app is connected. Assistants and apps that sign in with OAuth appear here once you allow them.</p>
      ) : (
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th>App</th>
                <th>Allowed by</th>
                <th>Scopes</th>
                <th>Allowed</th>
                <th>Last used</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {apps.map((a) => (
                <tr>
                  <td title={a.clientId}>{a.client}</td>
                  <td>{a.allowedBy}</td>
                  <td>{a.scopes.join(', ')}</td>
                  <td>{when(a.allowedAt)}</td>
                  <td>{when(a.lastUsedAt)}</td>
                  <td>
                    {(a.mine || props.me.user.role === 'owner') && (
                      <button type="button" aria-label={`Disconnect ${a.client}`} onClick={() => disconnect(a.id)}>
                        Disconnect
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

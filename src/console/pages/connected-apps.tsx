import { useEffect, useState } from 'preact/hooks'
import { api, changeThen } from '../api'
import { DataTable } from '../components/data-table'
import { Alert, ConfirmButton, Ago } from '../components/ui'
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

/**
 * Settings → Connected apps (docs/oauth.md#connected-apps): what was allowed; disconnecting stops its tokens at once.
 */
export function ConnectedApps(props: { me: Me }) {
  const [apps, setApps] = useState<App[]>([])
  const [error, setError] = useState('')
  const load = () => api<{ apps: App[] }>('GET', '/connected-apps').then((a) => setApps(a.apps))
  useEffect(() => {
    load().catch((e) => setError(e.message))
  }, [])
  const disconnect = (id: string) =>
    changeThen(load, setError)(api('DELETE', `/connected-apps/${encodeURIComponent(id)}`))
  return (
    <section>
      <h2>Connected apps</h2>
      <Alert message={error} />
      {apps.length === 0 ? (
        <p>No app is connected. Assistants and apps that sign in with OAuth appear here once you allow them.</p>
      ) : (
        <DataTable
          label="Connected apps"
          rows={apps}
          columns={[
            // The name is the app's own choice: bdi keeps a direction it forces (U+202E) inside it
            // (docs/security.md#platform-text), here and in the question before Disconnect.
            {
              head: 'App',
              cell: (a) => (
                <span title={a.clientId}>
                  <bdi>{a.client}</bdi>
                </span>
              ),
            },
            { head: 'Allowed by', cell: (a) => a.allowedBy },
            { head: 'Scopes', cell: (a) => a.scopes.join(', ') },
            { head: 'Allowed', cell: (a) => <Ago iso={a.allowedAt} /> },
            { head: 'Last used', cell: (a) => <Ago iso={a.lastUsedAt} /> },
            {
              head: '',
              cell: (a) =>
                (a.mine || props.me.user.role === 'owner') && (
                  <ConfirmButton
                    label="Disconnect"
                    name={a.client}
                    question={
                      <>
                        Disconnect <bdi>{a.client}</bdi>? Its tokens stop working at once.
                      </>
                    }
                    onConfirm={() => disconnect(a.id)}
                  />
                ),
            },
          ]}
        />
      )}
    </section>
  )
}

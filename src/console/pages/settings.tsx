import { useEffect, useState } from 'preact/hooks'
import { api, when } from '../api'
import type { Me } from '../me'
import { ConnectedApps } from './connected-apps'
import { EmailMe } from './email-me'

type Key = { prefix: string; label: string; createdAt: string; lastUsedAt: string | null; revokedAt: string | null }
type User = { email: string; role: string; createdAt: string }

export function Settings(props: { me: Me }) {
  return (
    <>
      <EmailMe me={props.me} />
      <ApiKeys />
      <ConnectedApps me={props.me} />
      {props.me.user.role === 'owner' && <Users />}
    </>
  )
}

function ApiKeys() {
  const [keys, setKeys] = useState<Key[]>([])
  const [label, setLabel] = useState('')
  const [fresh, setFresh] = useState<string | null>(null)
  const [copied, setCopied] = useState(false)
  const [error, setError] = useState('')
  const load = () => api<{ keys: Key[] }>('GET', '/keys').then((k) => setKeys(k.keys))
  useEffect(() => {
    load()
  }, [])
  const generate = (e: Event) => {
    e.preventDefault()
    api<{ apiKey: string }>('POST', '/keys', { label })
      .then((k) => {
        setFresh(k.apiKey)
        setCopied(false)
        setLabel('')
        return load()
      })
      .catch((err) => setError(err.message))
  }
  const revoke = (prefix: string) =>
    api('DELETE', `/keys/${encodeURIComponent(prefix)}`)
      .then(() => {
        // A revoked key is no longer one to copy: the "shown only this once" box goes with it.
        if (fresh?.startsWith(prefix)) setFresh(null)
        return load()
      })
      .catch((err) => setError(err.message))
  const copy = async () => {
    if (!fresh) return
    // The clipboard API exists only on https and localhost; elsewhere the field is selected for copying by hand.
    try {
      await navigator.clipboard.writeText(fresh)
      setCopied(true)
    } catch {
      ;(document.getElementById('new-key') as HTMLInputElement | null)?.select()
    }
  }
  return (
    <section>
      <h2>API</h2>
      <form class="inline" onSubmit={generate}>
        <label>
          Key name
          <input
            value={label}
            maxLength={100}
            placeholder="optional"
            onInput={(e) => setLabel(e.currentTarget.value)}
          />
        </label>
        <button type="submit">Generate API Key</button>
      </form>
      {fresh && (
        <div class="new-key" role="status">
          <p>Your new key, shown only this once:</p>
          <input id="new-key" aria-label="New API key" readOnly value={fresh} />
          <button type="button" onClick={copy}>
            {copied ? 'Copied' : 'Copy'}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <div class="table-wrap">
        <table>
          <thead>
            <tr>
              <th>Name</th>
              <th>Prefix</th>
              <th>Created</th>
              <th>Last used</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => (
              <tr>
                <td>{k.label || '—'}</td>
                <td>
                  <code>{k.prefix}…</code>
                </td>
                <td>{when(k.createdAt)}</td>
                <td>{when(k.lastUsedAt)}</td>
                <td>
                  {k.revokedAt ? (
                    `revoked ${when(k.revokedAt)}`
                  ) : (
                    <button type="button" aria-label={`Revoke ${k.prefix}`} onClick={() => revoke(k.prefix)}>
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

function Users() {
  const [users, setUsers] = useState<User[]>([])
  useEffect(() => {
    api<{ users: User[] }>('GET', '/users').then((u) => setUsers(u.users))
  }, [])
  return (
    <section>
      <h2>Users</h2>
      <ul class="rows">
        {users.map((u) => (
          <li>
            <span>{u.email}</span>
            <span class="muted">{u.role}</span>
          </li>
        ))}
      </ul>
      <p class="muted">
        Add people with <code>lead-signals user create --team TEAM --email EMAIL</code>.
      </p>
    </section>
  )
}

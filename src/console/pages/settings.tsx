import { useEffect, useRef, useState } from 'preact/hooks'
import { api } from '../api'
import { Command } from '../components/command'
import { DataTable } from '../components/data-table'
import { useRefusedField } from '../components/refused-field'
import { ScorerStatus } from '../components/scorer-status'
import { ShownOnce } from '../components/shown-once'
import { Alert, ConfirmButton, Ago } from '../components/ui'
import type { Me } from '../me'
import { shellWord } from '../shell-word'
import { ConnectedApps } from './connected-apps'
import { EmailMe } from './email-me'

type Key = { prefix: string; label: string; createdAt: string; lastUsedAt: string | null; revokedAt: string | null }
type User = { email: string; role: string; createdAt: string }

export function Settings(props: { me: Me }) {
  return (
    <>
      {/* First: while the model does not answer, every lead the team gets is judged otherwise (or not at all). */}
      <ScorerStatus />
      <EmailMe me={props.me} />
      <ApiKeys />
      <ConnectedApps me={props.me} />
      {props.me.user.role === 'owner' && <Users team={props.me.team.name} />}
    </>
  )
}

const KEY_REFUSAL_ID = 'key-refused'

function ApiKeys() {
  const [keys, setKeys] = useState<Key[]>([])
  const [label, setLabel] = useState('')
  const [fresh, setFresh] = useState<string | null>(null)
  const [error, setError] = useState('')
  // A name refused (a hiding character) marks the Key name box and takes the keyboard (docs/console.md#errors).
  const formRef = useRef<HTMLFormElement>(null)
  const mark = useRefusedField(formRef, KEY_REFUSAL_ID, { labels: { label: 'Key name' } })
  const load = () => api<{ keys: Key[] }>('GET', '/keys').then((k) => setKeys(k.keys))
  useEffect(() => {
    load().catch((err) => setError(err.message))
  }, [])
  const generate = (e: Event) => {
    e.preventDefault()
    api<{ apiKey: string }>('POST', '/keys', { label })
      .then((k) => {
        setFresh(k.apiKey)
        setLabel('')
        setError('')
        mark.clear()
        return load()
      })
      .catch((err) => {
        setError(mark.refused(err))
      })
  }
  const revoke = (prefix: string) =>
    api('DELETE', `/keys/${encodeURIComponent(prefix)}`)
      .then(() => {
        // A revoked key is no longer one to copy: the "shown only this once" box goes with it.
        if (fresh?.startsWith(prefix)) setFresh(null)
        setError('')
        return load()
      })
      .catch((err) => {
        setError(err.message)
        // Refused most often because the key was revoked elsewhere (the CLI, another tab): the list shows it so.
        return load()
      })
  return (
    <section>
      <h2>API</h2>
      <form class="inline" ref={formRef} onSubmit={generate}>
        <label>
          Key name
          <input
            value={label}
            maxLength={100}
            placeholder="optional"
            onInput={(e) => {
              setLabel(e.currentTarget.value)
              setError('')
              mark.clear()
            }}
            {...mark.about('label')}
          />
        </label>
        <button type="submit">Generate API Key</button>
      </form>
      {fresh && <ShownOnce what="Your new key" label="New API key" value={fresh} />}
      <Alert message={error} id={KEY_REFUSAL_ID} />
      <DataTable
        label="API keys"
        rows={keys}
        columns={[
          { head: 'Name', cell: (k) => k.label || '—' },
          { head: 'Prefix', cell: (k) => <code>{k.prefix}…</code>, word: true },
          { head: 'Created', cell: (k) => <Ago iso={k.createdAt} /> },
          { head: 'Last used', cell: (k) => <Ago iso={k.lastUsedAt} /> },
          {
            head: '',
            cell: (k) =>
              k.revokedAt ? (
                <span class="muted">
                  revoked <Ago iso={k.revokedAt} />
                </span>
              ) : (
                <ConfirmButton
                  label="Revoke"
                  name={k.prefix}
                  question={`Revoke ${k.prefix}…? Programs using it stop at once.`}
                  onConfirm={() => revoke(k.prefix)}
                />
              ),
          },
        ]}
      />
    </section>
  )
}

function Users(props: { team: string }) {
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
        Add people with <Command command={`lead-signals user create --team ${shellWord(props.team)} --email EMAIL`} />.
      </p>
    </section>
  )
}

import { useEffect, useState } from 'preact/hooks'
import { api } from '../api'
import type { Me } from '../me'

type Request = {
  client: { id: string; name: string; uri: string | null; verified: boolean; builtIn: boolean }
  redirectHost: string
  redirectLocal: boolean
  scopes: { name: string; description: string }[]
}

/**
 * The consent page of an authorization request (docs/oauth.md#consent): who asks, where the answer goes, what it
 * may do, and the user's choice. The answer is the address to send the browser to (the client's redirect URI).
 */
export function Authorize(props: { me: Me; id: string }) {
  const [request, setRequest] = useState<Request | null>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    api<Request>('GET', `/authorize/${encodeURIComponent(props.id)}`)
      .then(setRequest)
      .catch((e) => setError(e.message))
  }, [props.id])
  const answer = (allow: boolean) => {
    setBusy(true)
    api<{ redirect: string }>('POST', `/authorize/${encodeURIComponent(props.id)}`, { allow })
      .then((r) => location.assign(r.redirect))
      .catch((e) => {
        setBusy(false)
        setError(e.message)
      })
  }
  if (error)
    return (
      <p role="alert" class="error">
        {error}
      </p>
    )
  if (!request) return <p class="loading">Loading…</p>
  return (
    <section class="consent">
      <h2>
        {/* Anyone can register a client and name it: bdi keeps a direction it forces (U+202E) inside the name
            instead of reordering the sentence (docs/security.md#platform-text). */}
        <strong>
          <bdi>{request.client.name}</bdi>
        </strong>{' '}
        wants to use lead-signals as {props.me.user.email} ({props.me.team.name})
      </h2>
      <p>
        {request.client.builtIn
          ? 'Built into this server as '
          : request.client.verified
            ? 'Identified by '
            : 'Registered itself as '}
        <code>{request.client.id}</code>. After your answer you go back to <strong>{request.redirectHost}</strong>.
      </p>
      {request.redirectLocal && (
        // docs/oauth.md#consent: a loopback address proves nothing about who listens there.
        <p class="notice" role="note">
          {/* A native app's own scheme (`com.example.app:`) is claimed, not listened on (RFC 8252 §7.1). */}
          {request.redirectHost.endsWith(':')
            ? `${request.redirectHost} links open an app on this computer, and any program on this computer can claim them under any name`
            : `${request.redirectHost} is an address on this computer, and any program on this computer can listen there under any name`}
          : allow only if you have just started this from the app yourself, on this computer.
        </p>
      )}
      <p>It asks to:</p>
      <ul>
        {request.scopes.map((s) => (
          <li>
            {s.description} <code>{s.name}</code>
          </li>
        ))}
      </ul>
      <p>You can disconnect it at any time in Settings → Connected apps.</p>
      <div class="actions">
        <button type="button" class="primary" disabled={busy} onClick={() => answer(true)}>
          Allow
        </button>
        <button type="button" disabled={busy} onClick={() => answer(false)}>
          Deny
        </button>
      </div>
    </section>
  )
}

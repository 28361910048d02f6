import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks'
import { api } from '../api'
import { Alert } from '../components/ui'
import type { Me } from '../me'

type Mine = {
  id: string
  kind: string
  to: string | null
  cadence: string
  digestHour: number
  timeZone: string
  enabled: boolean
}

/** docs/destinations.md#from-the-console: one click for a daily digest of new leads to the user's own address. */
export function EmailMe(props: { me: Me }) {
  const [mine, setMine] = useState<Mine | null>(null)
  const [error, setError] = useState('')
  const email = props.me.user.email
  const load = () =>
    api<{ endpoints: Mine[] }>('GET', '/webhooks').then((w) =>
      setMine(w.endpoints.find((e) => e.kind === 'email' && e.to?.toLowerCase() === email.toLowerCase()) ?? null),
    )
  useEffect(() => {
    load().catch((e) => setError(e.message))
  }, [])
  // The button that held the keyboard gives way to the line saying it is done: the line takes it, in the frame it is
  // drawn, so a screen reader reads it and Tab goes on from there (it fell to the page's body).
  const said = useRef<HTMLParagraphElement>(null)
  const [added, setAdded] = useState(false)
  useLayoutEffect(() => {
    if (added && (!document.activeElement || document.activeElement === document.body)) said.current?.focus()
  }, [added])
  const add = () =>
    api<{ endpoint: Mine }>('POST', '/my-email-destination', {
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    })
      .then((made) => {
        setError('')
        setMine(made.endpoint)
        setAdded(true)
      })
      .catch((err) => setError(err.message))
  return (
    <section class="email-me">
      <h2>E-mail alerts</h2>
      {!props.me.server.email && !mine ? (
        <p>
          E-mail alerts need an SMTP server, which this server's operator has not configured (<code>[email]</code> in
          its configuration). Slack, Discord, Teams and webhooks work without one: see the{' '}
          <a href="#/webhooks">Destinations</a> page.
        </p>
      ) : mine ? (
        <p role="status" ref={said} tabIndex={-1}>
          {mine.enabled ? 'New leads are e-mailed to' : 'E-mails are turned off (unsubscribed) for'} {email}:{' '}
          {mine.cadence === 'instant'
            ? 'as they are found'
            : `${mine.cadence} digest at ${String(mine.digestHour).padStart(2, '0')}:00 (${mine.timeZone})`}
          . Change it on the <a href="#/webhooks">Destinations</a> page.
        </p>
      ) : (
        <>
          <p>Get a daily digest of new leads at 09:00 your time, sent to {email}.</p>
          <button type="button" onClick={add}>
            E-mail me new leads
          </button>
        </>
      )}
      <Alert message={error} />
    </section>
  )
}

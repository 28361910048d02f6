import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks'
import { api, changeThen } from '../api'
import { DestinationForm } from '../components/destination-form'
import { ShownOnce } from '../components/shown-once'
import { readTracked, type Tracked, UntrackedKeywords } from '../components/untracked-keywords'
import { Actions, Ago, Alert, ConfirmButton } from '../components/ui'
import { type Delivery, Deliveries } from '../components/webhook-deliveries'
import { type Endpoint, filtersOf, KIND_NAMES, timingOf, whereOf } from '../components/destination-summary'
import { serverNow } from '../server-clock'
import { exactly, fromNow } from '../time'

/** docs/destinations.md: the team's destinations; add, test, disable or enable, remove, and each one's delivery log. */
export function Webhooks() {
  // null until the list is read: "No destinations yet" is said only of a list that was read.
  const [endpoints, setEndpoints] = useState<Endpoint[] | null>(null)
  const [secret, setSecret] = useState<string | null>(null)
  const [note, setNote] = useState('')
  const [error, setError] = useState('')
  const [open, setOpen] = useState<string | null>(null)
  // What was added (and a webhook's secret, shown only this once) is said above the list, out of sight of the form at
  // the page's foot on a phone: it takes the focus, which brings it into view. In the frame it is drawn (a layout
  // effect; a passive one runs after the paint): not shown for a moment out of sight with the keyboard still on Add.
  const added = useRef<HTMLDivElement>(null)
  const [adds, setAdds] = useState(0)
  useLayoutEffect(() => {
    if (adds) added.current?.focus()
  }, [adds])
  // The team's keywords, read with the list: a keyword tracked since (on another tab) takes its warning away.
  const [tracked, setTracked] = useState<Tracked>(null)
  const load = () => api<{ endpoints: Endpoint[] }>('GET', '/webhooks').then((w) => setEndpoints(w.endpoints))
  const reload = () => {
    readTracked().then(setTracked, () => setTracked(null))
    return load().catch((err) => setError(err.message))
  }
  useEffect(() => {
    reload()
    // A pause starts by the worker's doing (another team's Discord 429 reaches these destinations too): read again when
    // the page comes back to the front, as the Getting started checklist does.
    addEventListener('focus', reload)
    return () => removeEventListener('focus', reload)
  }, [])
  // docs/console.md#webhooks: while a destination is paused, its "sending again in 3 min" counts down (read again each
  // minute) and the line goes once the pause ends; at least 2 s apart, should this browser's clock run ahead.
  const firstPauseEnd = Math.min(
    ...(endpoints ?? []).map((e) => (e.pausedUntil ? Date.parse(e.pausedUntil) : Infinity)),
  )
  useEffect(() => {
    if (firstPauseEnd === Infinity) return
    const timer = setTimeout(reload, Math.max(2000, Math.min(firstPauseEnd - serverNow() + 500, 60_000)))
    return () => clearTimeout(timer)
  }, [endpoints])
  const run = changeThen(load, setError)
  // Escape in an open delivery log, or on its Deliveries button, closes it, as the menu and a question asked in place
  // do; the keyboard goes back to that button, not to the page's body the log took it away with.
  const closeLogOnEscape = (id: string) => (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || open !== id) return
    document.getElementById(`deliveries-of-${id}`)?.focus()
    setOpen(null)
  }
  // Tests sent: an open delivery log is read again after each (the test is one of its deliveries).
  const [tests, setTests] = useState(0)
  // Resolves to the refusal, shown by the form beside what was typed (kept), or null when added.
  const add = (body: object) =>
    api<{ secret: string; endpoint: Endpoint }>('POST', '/webhooks', body)
      .then((made) => {
        setSecret(made.endpoint.kind === 'webhook' ? made.secret : null)
        // The next step, as webhook add says it (docs/console.md#webhooks).
        const e = made.endpoint
        // A person.updated destination hears of people turning hot, never of new signals
        // (docs/people.md#person-updated).
        const then =
          e.event === 'person.updated'
            ? "it hears each time a person's heat reaches the People page's Hot at"
            : e.cadence === 'instant'
              ? 'new signals go to it as polling passes and streams find them'
              : `it gets its ${e.cadence} digest of new signals`
        setNote(`Added ${whereOf(e)}: Test sends it a test event now; ${then}.`)
        setAdds((n) => n + 1)
        setError('')
        load()
        return null
      })
      .catch((err: unknown) => err)
  const test = (ep: Endpoint) =>
    run(
      api<Delivery>('POST', `/webhooks/${ep.id}/test`, {}).then(async (d) => {
        setTests((n) => n + 1)
        const said = `Test event ${d.status === 'succeeded' ? 'delivered' : 'not delivered'} to ${whereOf(ep)}`
        if (d.status === 'succeeded') return setNote(`${said}: answered ${d.lastStatusCode}.`)
        // A 429 is no failure: the test waits for the pause the receiver asked for (docs/destinations.md#rate-limits).
        const when = d.lastStatusCode === 429 ? 'It is sent when that wait ends' : 'It is retried on the schedule'
        if (d.status === 'pending') return setNote(`${said}: ${d.lastError}. ${when}.`)
        // Given up at once: 410 Gone or an address this server refuses disable the destination; an SMTP server's
        // refusal of the recipient or message (docs/destinations.md#e-mail) fails this message and keeps it.
        const now = (await api<{ endpoints: Endpoint[] }>('GET', '/webhooks')).endpoints.find((e) => e.id === ep.id)
        setNote(
          `${said}: ${d.lastError}. It is not retried${now?.enabled === false ? '; the destination is disabled until it is enabled again' : ''}.`,
        )
      }),
    )
  return (
    <section>
      <div ref={added} tabIndex={-1}>
        {note && <p role="status">{note}</p>}
        {secret && <ShownOnce what="The endpoint's signing secret" label="Signing secret" value={secret} />}
      </div>
      <Alert message={error} />
      {endpoints === null ? null : endpoints.length === 0 ? (
        <p>
          No destinations yet: new leads are listed on the <a href="#/signals">Signals</a> page only. Add one to have
          them sent to your systems, a chat or an inbox as well.
        </p>
      ) : (
        <ul class="cards">
          {endpoints.map((ep) => (
            <li>
              <h2>{whereOf(ep)}</h2>
              <p class="muted">
                {KIND_NAMES[ep.kind]}
                {/* A person.updated destination takes no filter of signals (docs/people.md#person-updated). */}
                {ep.event === 'person.updated'
                  ? ` · people turning hot · ${timingOf(ep)}`
                  : ` · ${timingOf(ep)} · ${filtersOf(ep)}`}
              </p>
              <UntrackedKeywords tracked={tracked} keywords={ep.filters.keywords} />
              <p class={ep.enabled && !ep.failingSince ? '' : 'error'}>
                {ep.enabled ? 'Enabled' : `Disabled${ep.disabledReason ? `: ${ep.disabledReason}` : ''}`}
                {ep.enabled && ep.failingSince && (
                  <>
                    ; failing since <Ago iso={ep.failingSince} /> (disabled after 5 days of failures)
                  </>
                )}
              </p>
              {ep.enabled && ep.pausedUntil && (
                // docs/destinations.md#rate-limits: why this destination's deliveries wait, and until when.
                <p>
                  Paused, sending again{' '}
                  <time dateTime={ep.pausedUntil} title={exactly(ep.pausedUntil)}>
                    {fromNow(ep.pausedUntil)}
                  </time>
                  : {ep.pausedReason}
                </p>
              )}
              <Actions>
                <button
                  type="button"
                  aria-label={`Test ${whereOf(ep)}`}
                  disabled={!ep.enabled}
                  onClick={() => test(ep)}
                >
                  Test
                </button>
                <button
                  type="button"
                  aria-label={`${ep.enabled ? 'Disable' : 'Enable'} ${whereOf(ep)}`}
                  onClick={() => run(api('PATCH', `/webhooks/${ep.id}`, { enabled: !ep.enabled }))}
                >
                  {ep.enabled ? 'Disable' : 'Enable'}
                </button>
                <button
                  type="button"
                  id={`deliveries-of-${ep.id}`}
                  aria-label={`Deliveries of ${whereOf(ep)}`}
                  aria-expanded={open === ep.id}
                  aria-controls={open === ep.id ? `deliveries-${ep.id}` : undefined}
                  onClick={() => setOpen(open === ep.id ? null : ep.id)}
                  onKeyDown={closeLogOnEscape(ep.id)}
                >
                  Deliveries
                </button>
                <ConfirmButton
                  label="Remove"
                  name={whereOf(ep)}
                  question="Remove this destination and its delivery log?"
                  onConfirm={() => run(api('DELETE', `/webhooks/${ep.id}`))}
                />
              </Actions>
              {open === ep.id && (
                <section
                  id={`deliveries-${ep.id}`}
                  aria-label={`Delivery log of ${whereOf(ep)}`}
                  onKeyDown={closeLogOnEscape(ep.id)}
                >
                  <Deliveries endpointId={ep.id} reads={tests} />
                </section>
              )}
            </li>
          ))}
        </ul>
      )}
      <DestinationForm tracked={tracked} onAdd={add} />
    </section>
  )
}

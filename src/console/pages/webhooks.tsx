import { useEffect, useState } from 'preact/hooks'
import type * as v from 'valibot'
import type { Endpoint as WireEndpoint } from '../../wire/webhooks'
import { api, changeThen } from '../api'
import { type Delivery, Deliveries } from '../components/webhook-deliveries'

type Endpoint = v.InferOutput<typeof WireEndpoint>
const EMPTY = { url: '', kind: 'webhook', minScore: '0', intents: '', keywords: '' }
const listOrNull = (text: string) => {
  const items = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  return items.length ? items : null
}
const filtersOf = (e: Endpoint) =>
  [
    `score ≥ ${e.filters.minScore}`,
    e.filters.intents && `intents ${e.filters.intents.join(', ')}`,
    e.filters.keywords && `keywords ${e.filters.keywords.join(', ')}`,
    e.filters.platforms && `platforms ${e.filters.platforms.join(', ')}`,
  ]
    .filter(Boolean)
    .join(' · ')

/** docs/webhooks.md: the team's endpoints; add, test, disable or enable, remove, and each one's delivery log. */
export function Webhooks() {
  const [endpoints, setEndpoints] = useState<Endpoint[]>([])
  const [form, setForm] = useState(EMPTY)
  const [secret, setSecret] = useState<string | null>(null)
  const [note, setNote] = useState('')
  const [error, setError] = useState('')
  const [open, setOpen] = useState<string | null>(null)
  const load = () => api<{ endpoints: Endpoint[] }>('GET', '/webhooks').then((w) => setEndpoints(w.endpoints))
  useEffect(() => {
    load()
  }, [])
  const run = changeThen(load, setError)
  const field = (k: keyof typeof EMPTY) => (e: Event) =>
    setForm({ ...form, [k]: (e.currentTarget as HTMLInputElement).value })
  const add = (e: Event) => {
    e.preventDefault()
    const body = {
      url: form.url,
      kind: form.kind,
      minScore: Number(form.minScore),
      intents: listOrNull(form.intents.toUpperCase()),
      keywords: listOrNull(form.keywords),
    }
    run(
      api<{ secret: string }>('POST', '/webhooks', body).then((made) => {
        setSecret(made.secret)
        setForm(EMPTY)
      }),
    )
  }
  const test = (ep: Endpoint) =>
    run(
      api<Delivery>('POST', `/webhooks/${ep.id}/test`, {}).then((d) =>
        setNote(
          d.status === 'succeeded'
            ? `Test event delivered to ${ep.url}: answered ${d.lastStatusCode}.`
            : `Test event not delivered to ${ep.url}: ${d.lastError}. It is retried on the schedule.`,
        ),
      ),
    )
  return (
    <section>
      <form class="stacked" onSubmit={add}>
        <h2>New endpoint</h2>
        <label>
          URL
          <input type="url" value={form.url} required maxLength={2000} onInput={field('url')} />
        </label>
        <label>
          Kind
          <select value={form.kind} onChange={field('kind')}>
            <option value="webhook">Webhook (signed JSON)</option>
            <option value="slack">Slack incoming webhook</option>
          </select>
        </label>
        <label>
          Minimum score
          <input type="number" min={0} max={10} step="any" value={form.minScore} onInput={field('minScore')} />
        </label>
        <label>
          Intents
          <input value={form.intents} placeholder="any; or e.g. ACTIVE, COMPETITOR" onInput={field('intents')} />
        </label>
        <label>
          Keywords
          <input
            value={form.keywords}
            placeholder="any; or tracked keywords, separated by commas"
            onInput={field('keywords')}
          />
        </label>
        <button type="submit">Add endpoint</button>
      </form>
      {secret && (
        <div class="new-key" role="status">
          <p>The endpoint's signing secret, shown only this once:</p>
          <input aria-label="Signing secret" readOnly value={secret} />
        </div>
      )}
      {note && <p role="status">{note}</p>}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {endpoints.length === 0 ? (
        <p>No endpoints yet: add one to have new signals pushed to your systems or to Slack.</p>
      ) : (
        <ul class="cards">
          {endpoints.map((ep) => (
            <li>
              <h2>{ep.url}</h2>
              <p class="muted">
                {ep.kind === 'slack' ? 'Slack' : 'Webhook'} · {filtersOf(ep)}
              </p>
              <p class={ep.enabled ? '' : 'error'}>
                {ep.enabled ? 'Enabled' : `Disabled${ep.disabledReason ? `: ${ep.disabledReason}` : ''}`}
              </p>
              <button type="button" aria-label={`Test ${ep.url}`} disabled={!ep.enabled} onClick={() => test(ep)}>
                Test
              </button>
              <button
                type="button"
                aria-label={`${ep.enabled ? 'Disable' : 'Enable'} ${ep.url}`}
                onClick={() => run(api('PATCH', `/webhooks/${ep.id}`, { enabled: !ep.enabled }))}
              >
                {ep.enabled ? 'Disable' : 'Enable'}
              </button>
              <button
                type="button"
                aria-label={`Deliveries of ${ep.url}`}
                onClick={() => setOpen(open === ep.id ? null : ep.id)}
              >
                Deliveries
              </button>
              <button
                type="button"
                aria-label={`Remove ${ep.url}`}
                onClick={() => run(api('DELETE', `/webhooks/${ep.id}`))}
              >
                Remove
              </button>
              {open === ep.id && <Deliveries endpointId={ep.id} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

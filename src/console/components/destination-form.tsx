import { useState } from 'preact/hooks'
import { Alert } from './ui'
import { type Tracked, UntrackedKeywords } from './untracked-keywords'

// docs/destinations.md: the new-destination form of the Destinations page. Only what the kind needs is asked.
const EMPTY = {
  kind: 'webhook',
  url: '',
  to: '',
  cadence: 'instant',
  digestHour: '9',
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  quietFrom: '',
  quietTo: '',
  minScore: '0',
  intents: '',
  keywords: '',
}
const URL_HINT: Record<string, string> = {
  webhook: 'https://… (your receiver)',
  slack: 'https://hooks.slack.com/services/…',
  discord: 'https://discord.com/api/webhooks/…',
  teams: 'a Teams Workflows URL ending /invoke?…',
}
const listOrNull = (text: string) => {
  const items = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  return items.length ? items : null
}

/** The form's values as POST /webhooks takes them. */
function bodyOf(f: typeof EMPTY) {
  const quiet = f.quietFrom !== '' && f.quietTo !== ''
  return {
    kind: f.kind,
    ...(f.kind === 'email' ? { to: f.to } : { url: f.url }),
    cadence: f.cadence,
    digestHour: Number(f.digestHour),
    timeZone: f.timeZone,
    quietHours: quiet ? { from: Number(f.quietFrom), to: Number(f.quietTo) } : null,
    minScore: Number(f.minScore),
    intents: listOrNull(f.intents.toUpperCase()),
    keywords: listOrNull(f.keywords),
  }
}

/** `onAdd` resolves to why the destination was refused, or null once it is added; `tracked`: the team's keywords. */
export function DestinationForm(props: {
  tracked: Tracked
  onAdd: (body: ReturnType<typeof bodyOf>) => Promise<string | null>
}) {
  const [form, setForm] = useState(EMPTY)
  // The refusal is shown beside the button, where the user looks after a click, and goes once a field is edited.
  const [refused, setRefused] = useState('')
  const field = (k: keyof typeof EMPTY) => (e: Event) => {
    setRefused('')
    setForm({ ...form, [k]: (e.currentTarget as HTMLInputElement).value })
  }
  const submit = (e: Event) => {
    e.preventDefault()
    props.onAdd(bodyOf(form)).then((why) => {
      setRefused(why ?? '')
      if (why === null) setForm(EMPTY)
    })
  }
  const digest = form.cadence === 'daily' || form.cadence === 'weekly'
  return (
    <form class="stacked" onSubmit={submit}>
      <h2>New destination</h2>
      <label>
        Kind
        <select value={form.kind} onChange={field('kind')}>
          <option value="webhook">Webhook (signed JSON)</option>
          <option value="slack">Slack incoming webhook</option>
          <option value="discord">Discord webhook</option>
          <option value="teams">Microsoft Teams (Workflows)</option>
          <option value="email">E-mail</option>
        </select>
      </label>
      {form.kind === 'email' ? (
        <label>
          To
          <input type="email" value={form.to} required maxLength={254} onInput={field('to')} />
        </label>
      ) : (
        <label>
          URL
          <input
            type="url"
            value={form.url}
            required
            maxLength={2000}
            placeholder={URL_HINT[form.kind]}
            onInput={field('url')}
          />
        </label>
      )}
      <label>
        When
        <select value={form.cadence} onChange={field('cadence')}>
          <option value="instant">
            {form.kind === 'email' ? 'Instantly (a minute’s leads in one e-mail)' : 'Instantly'}
          </option>
          <option value="hourly">Digest every hour</option>
          <option value="daily">Daily digest</option>
          <option value="weekly">Weekly digest (Mondays)</option>
        </select>
      </label>
      {digest && (
        <label>
          Digest hour
          <input type="number" min={0} max={23} value={form.digestHour} onInput={field('digestHour')} />
        </label>
      )}
      <label>
        Time zone
        <input value={form.timeZone} maxLength={64} onInput={field('timeZone')} />
      </label>
      <fieldset class="inline">
        <legend>Quiet hours (optional: held, then sent)</legend>
        <label>
          From
          <input type="number" min={0} max={23} value={form.quietFrom} placeholder="22" onInput={field('quietFrom')} />
        </label>
        <label>
          To
          <input type="number" min={0} max={23} value={form.quietTo} placeholder="7" onInput={field('quietTo')} />
        </label>
      </fieldset>
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
        <input value={form.keywords} placeholder="any; or tracked keywords, e.g. crm" onInput={field('keywords')} />
      </label>
      <UntrackedKeywords tracked={props.tracked} keywords={listOrNull(form.keywords)} />
      <Alert message={refused} />
      <button type="submit">Add destination</button>
    </form>
  )
}

import { useRef, useState } from 'preact/hooks'
import { bodyOf, EMPTY, listOrNull, URL_HINT } from './destination-body'
import { CADENCES, HOT_ONLY, KINDS, offered } from './destination-choices'
import { DESTINATION_WORDS } from './destination-words'
import { useRefusedField } from './refused-field'
import { Alert } from './ui'
import { type Tracked, UntrackedKeywords } from './untracked-keywords'

// docs/destinations.md: the new-destination form of the Destinations page. Only what the kind needs is asked.
const REFUSAL_ID = 'destination-refused'
// What a choice means, said under its box while it is chosen.
const SENDS_HINT = 'destination-sends-hint'
const WHEN_HINT = 'destination-when-hint'

/** `onAdd` resolves to the error the destination was refused with, or null once it is added. */
export function DestinationForm(props: {
  /** The team's keywords. */
  tracked: Tracked
  onAdd: (body: ReturnType<typeof bodyOf>) => Promise<unknown>
}) {
  const [form, setForm] = useState(EMPTY)
  // The refusal is shown beside the button, where the user looks after a click, and goes once a field is edited.
  const [refused, setRefused] = useState('')
  // The field the refusal is about is marked invalid and described by it, and takes the keyboard (refused-field.ts).
  const formRef = useRef<HTMLFormElement>(null)
  const mark = useRefusedField(formRef, REFUSAL_ID, DESTINATION_WORDS)
  const field = (k: keyof typeof EMPTY) => (e: Event) => {
    setRefused('')
    mark.clear()
    setForm({ ...form, [k]: (e.currentTarget as HTMLInputElement).value })
  }
  // People turning hot is a webhook sent instantly: a kind or digest chosen before is set back, in view, before Add.
  const chooseEvent = (e: Event) => {
    const event = (e.currentTarget as HTMLSelectElement).value
    setRefused('')
    mark.clear()
    setForm({ ...form, event, ...(event === 'person.updated' ? HOT_ONLY : {}) })
  }
  const about = mark.about
  // An hour of the day (0 to 23): the digest's, or either end of the quiet hours, which the server refuses as one.
  const hourField = (label: string, k: 'digestHour' | 'quietFrom' | 'quietTo', placeholder?: string) => (
    <label>
      {label}
      <input
        type="number"
        min={0}
        max={23}
        value={form[k]}
        placeholder={placeholder}
        onInput={field(k)}
        {...about(k === 'digestHour' ? k : 'quietHours')}
      />
    </label>
  )
  const submit = (e: Event) => {
    e.preventDefault()
    props.onAdd(bodyOf(form)).then((why) => {
      if (why === null) {
        setRefused('')
        mark.clear()
        setForm(EMPTY)
      } else setRefused(mark.refused(why))
    })
  }
  const digest = form.cadence === 'daily' || form.cadence === 'weekly'
  const hot = form.event === 'person.updated'
  const inOneMail = form.kind === 'email' && form.cadence === 'instant'
  return (
    <form class="stacked" ref={formRef} onSubmit={submit}>
      <h2>New destination</h2>
      <label>
        Sends
        {/* Each choice short: a select box cannot wrap, and at a phone's width it cut the rest off mid-word. */}
        <select
          value={form.event}
          onChange={chooseEvent}
          aria-describedby={hot ? SENDS_HINT : undefined}
          {...about('event')}
        >
          <option value="signal.created">New signals</option>
          <option value="person.updated">People turning hot</option>
        </select>
      </label>
      {hot && (
        <p class="hint choice-hint" id={SENDS_HINT}>
          A signed webhook, sent at once each time a person's heat reaches the People page's Hot at.
        </p>
      )}
      <label>
        Kind
        {/* Shown, not to be changed, when only one fits: the hint under Sends says why. */}
        <select
          value={form.kind}
          onChange={field('kind')}
          disabled={hot}
          aria-describedby={hot ? SENDS_HINT : undefined}
          {...about('kind')}
        >
          {offered(KINDS, form.event, HOT_ONLY.kind).map(([value, text]) => (
            <option value={value}>{text}</option>
          ))}
        </select>
      </label>
      {form.kind === 'email' ? (
        <label>
          To
          <input type="email" value={form.to} required maxLength={254} onInput={field('to')} {...about('to')} />
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
            {...about('url')}
          />
        </label>
      )}
      <label>
        When
        <select
          value={form.cadence}
          onChange={field('cadence')}
          disabled={hot}
          aria-describedby={inOneMail ? WHEN_HINT : hot ? SENDS_HINT : undefined}
          {...about('cadence')}
        >
          {offered(CADENCES, form.event, HOT_ONLY.cadence).map(([value, text]) => (
            <option value={value}>{text}</option>
          ))}
        </select>
      </label>
      {inOneMail && (
        <p class="hint choice-hint" id={WHEN_HINT}>
          A minute's leads come in one e-mail.
        </p>
      )}
      {digest && hourField('Digest hour', 'digestHour')}
      <label>
        Time zone
        <input value={form.timeZone} maxLength={64} onInput={field('timeZone')} {...about('timeZone')} />
      </label>
      <fieldset class="inline">
        <legend>Quiet hours (optional: held, then sent)</legend>
        {hourField('From', 'quietFrom', '22')}
        {hourField('To', 'quietTo', '7')}
      </fieldset>
      {/* The filters choose signals: a person.updated destination is told of everyone turning hot. */}
      {form.event !== 'person.updated' && (
        <>
          <label>
            Minimum score
            <input
              type="number"
              min={0}
              max={10}
              step="any"
              value={form.minScore}
              onInput={field('minScore')}
              {...about('minScore')}
            />
          </label>
          <label>
            Intents
            <input
              value={form.intents}
              placeholder="any; or e.g. ACTIVE, COMPETITOR"
              onInput={field('intents')}
              {...about('intents')}
            />
          </label>
          <label>
            Keywords
            <input
              value={form.keywords}
              placeholder="any; or tracked keywords, e.g. crm"
              onInput={field('keywords')}
              {...about('keywords')}
            />
          </label>
          <UntrackedKeywords tracked={props.tracked} keywords={listOrNull(form.keywords)} />
        </>
      )}
      <Alert message={refused} id={REFUSAL_ID} />
      <button type="submit">Add destination</button>
    </form>
  )
}

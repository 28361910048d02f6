import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks'
import { api } from '../api'
import { useRefusedField } from '../components/refused-field'
import { Actions, Alert, ConfirmButton } from '../components/ui'

type Profile = { name: string; description: string; competitors: string[] }
const EMPTY = { name: '', description: '', competitors: '' }
const REFUSAL_ID = 'profile-refused'
const PROFILE_WORDS = { labels: { name: 'Name', description: 'Description', competitors: 'Competitors' } }
// The most profiles a team has (MAX_PROFILES in domain/icps/icps.ts;
// docs/operations.md#teams-keys-keywords-and-profiles).
const MOST = 20
const listOf = (text: string) =>
  text
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean)

export function Icps() {
  // null until the list is read: "No ICP profiles yet" is said only of a list that was read.
  const [profiles, setProfiles] = useState<Profile[] | null>(null)
  const [form, setForm] = useState(EMPTY)
  const [editing, setEditing] = useState<string | null>(null)
  const [error, setError] = useState('')
  const load = () =>
    api<{ profiles: Profile[] }>('GET', '/icp-profiles').then((p) => {
      setProfiles(p.profiles)
      return p.profiles
    })
  useEffect(() => {
    load().catch((err) => setError(err.message))
  }, [])
  const formRef = useRef<HTMLFormElement>(null)
  // The field a refusal names (a name the team has, a competitor's hiding character) is marked and takes the
  // keyboard, as on the Destinations form; one about no field (20 profiles, removed elsewhere) stays the alert.
  const mark = useRefusedField(formRef, REFUSAL_ID, PROFILE_WORDS)
  // A refusal was about what was typed: once a field is edited, it and its mark go.
  const field = (k: keyof typeof EMPTY) => (e: Event) => {
    setError('')
    mark.clear()
    setForm({ ...form, [k]: (e.currentTarget as HTMLInputElement).value })
  }
  const done = () => {
    setForm(EMPTY)
    setEditing(null)
    setError('')
    mark.clear()
    return load()
  }
  // Done with a profile being edited (saved, Cancel, Escape): the keyboard goes back to its Edit button, where the
  // person came from. Cancel's button went with the edit and left it on the page's body; Save left it in the emptied
  // New profile form.
  const [returnTo, setReturnTo] = useState<string | null>(null)
  useLayoutEffect(() => {
    if (returnTo === null) return
    setReturnTo(null)
    document.querySelector<HTMLElement>(`main .cards button[aria-label="${CSS.escape(`Edit ${returnTo}`)}"]`)?.focus()
  }, [returnTo, profiles])
  const finish = () => {
    const name = editing
    return done().then((now) => {
      setReturnTo(name)
      return now
    })
  }
  const submit = (e: Event) => {
    e.preventDefault()
    const body = { description: form.description, competitors: listOf(form.competitors) }
    const work =
      editing === null
        ? api('POST', '/icp-profiles', { name: form.name, ...body })
        : api('PUT', `/icp-profiles/${encodeURIComponent(editing)}`, body)
    work.then(editing === null ? done : finish).catch(refused)
  }
  // Refused most often because the profile was removed elsewhere (another tab, the CLI): the cards show what is so,
  // and a form editing a profile that is gone offers to add it again, with what was typed (docs/console.md#errors).
  const refused = (err: Error) => {
    setError(mark.refused(err))
    return load()
      .then((now) => {
        if (editing !== null && !now.some((p) => p.name === editing)) setEditing(null)
      })
      .catch((e) => setError(e.message))
  }
  const descriptionRef = useRef<HTMLTextAreaElement>(null)
  const edit = (p: Profile) => {
    setEditing(p.name)
    mark.clear()
    setForm({ name: p.name, description: p.description, competitors: p.competitors.join(', ') })
    // The form is below the cards, out of sight on a phone once there are a few: without this, Edit seemed to do
    // nothing. The whole form comes into view and its first field that can change takes the keyboard.
    formRef.current?.scrollIntoView({ block: 'nearest' })
    descriptionRef.current?.focus({ preventScroll: true })
  }
  const remove = (p: Profile) =>
    api('DELETE', `/icp-profiles/${encodeURIComponent(p.name)}`)
      .then(done)
      .catch(refused)
  return (
    <section>
      {profiles?.length === 0 && (
        <p>
          No ICP profiles yet: describe the customers you want (who they are, what they need), and each signal says
          which profile it fits best.
        </p>
      )}
      <ul class="cards">
        {(profiles ?? []).map((p) => (
          <li>
            <h2>{p.name}</h2>
            {/* A team may write its profiles in a right-to-left language (docs/security.md#decisions). */}
            <p dir="auto">{p.description}</p>
            {p.competitors.length > 0 && <p class="muted">Competitors: {p.competitors.join(', ')}</p>}
            <Actions>
              <button type="button" aria-label={`Edit ${p.name}`} onClick={() => edit(p)}>
                Edit
              </button>
              <ConfirmButton
                label="Remove"
                name={p.name}
                question={`Remove the profile ${p.name}?`}
                onConfirm={() => remove(p)}
              />
            </Actions>
          </li>
        ))}
      </ul>
      <form
        class="stacked"
        ref={formRef}
        onSubmit={submit}
        onKeyDown={(e) => e.key === 'Escape' && editing !== null && finish()}
      >
        <h2>{editing === null ? 'New profile' : `Edit ${editing}`}</h2>
        {/* Said before the form is filled in, not only when the 21st is refused. */}
        {editing === null && (profiles?.length ?? 0) >= MOST && (
          <p class="muted">
            The team has {profiles?.length} profiles, the most a team may have: remove one, or widen one with Edit to
            cover more buyers, to add another.
          </p>
        )}
        <label>
          Name
          <input
            value={form.name}
            maxLength={100}
            required
            disabled={editing !== null}
            onInput={field('name')}
            {...mark.about('name')}
          />
        </label>
        <label>
          Description
          <textarea
            ref={descriptionRef}
            value={form.description}
            maxLength={2000}
            required
            rows={3}
            onInput={field('description')}
            {...mark.about('description')}
          />
        </label>
        <label>
          Competitors
          <input
            value={form.competitors}
            placeholder="Rival products, separated by commas"
            onInput={field('competitors')}
            {...mark.about('competitors')}
          />
        </label>
        <Alert message={error} id={REFUSAL_ID} />
        <Actions>
          <button type="submit">{editing === null ? 'Add' : 'Save'}</button>
          {editing !== null && (
            <button type="button" onClick={finish}>
              Cancel
            </button>
          )}
        </Actions>
      </form>
    </section>
  )
}

import { useEffect, useState } from 'preact/hooks'
import type * as v from 'valibot'
import type { PeoplePage, Person } from '../../wire/people'
import { api, changeThen } from '../api'
import { Alert, Choice, Name, Pager } from '../components/ui'

export type PersonView = v.InferOutput<typeof Person>
type Page = v.InferOutput<typeof PeoplePage>

const PAGE_SIZE = 20
const INTENTS = ['ACTIVE', 'COMPETITOR', 'PAIN', 'QUESTION', 'MENTION']

/** A person's heat as a badge of its band (docs/people.md#heat). */
export const Heat = (props: { person: PersonView }) => (
  <span class={`heat heat-${props.person.band}`} title={`heat ${props.person.heat} of 100: ${props.person.band}`}>
    {props.person.heat} {props.person.band}
  </span>
)

/** docs/console.md#people: the team's people, hottest first, with the heat threshold and the CRM export. */
export function People() {
  const [intent, setIntent] = useState('')
  const [withMuted, setWithMuted] = useState(false)
  const [offset, setOffset] = useState(0)
  const [page, setPage] = useState<Page | null>(null)
  const [error, setError] = useState('')
  const query = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(offset) })
  if (intent) query.set('intent', intent)
  if (withMuted) query.set('include', 'muted')
  // Whether an empty list hides muted people: then the team has people, and Show muted brings them back.
  const [mutedOnly, setMutedOnly] = useState(false)
  const load = () =>
    api<Page>('GET', `/people?${query}`)
      .then(async (p) => {
        setMutedOnly(p.total === 0 && !withMuted && (await api<Page>('GET', '/people?limit=1&include=muted')).total > 0)
        setPage(p)
      })
      .catch((e) => setError(e.message))
  useEffect(() => {
    load()
  }, [intent, withMuted, offset])
  return (
    <section>
      <p class="hint">
        Everyone who wrote a signal, one person per platform account; link accounts of the same person on their page.
        Heat combines their best score, how recently they posted, how many signals and a profile match; posts judged not
        relevant do not count.
      </p>
      <form class="filters" onSubmit={(e) => e.preventDefault()}>
        <Choice
          label="Intent"
          value={intent}
          options={INTENTS}
          onChange={(value) => {
            setIntent(value)
            setOffset(0)
          }}
        />
        <label class="check">
          <input
            type="checkbox"
            checked={withMuted}
            onChange={(e) => {
              // Fewer people without the muted: a later page could lie past the end, empty and with no pager.
              setWithMuted(e.currentTarget.checked)
              setOffset(0)
            }}
          />{' '}
          Show muted
        </label>
        {/* docs/console.md#export: no download attribute, so that a refusal shows its reason (as on Signals). */}
        <a href="/console/api/people/export?format=csv">Export CSV</a>
        <a href="/console/api/people/export?format=jsonl">Export JSON Lines</a>
      </form>
      <Alert message={error} />
      {!page ? (
        <p>Loading…</p>
      ) : page.people.length === 0 ? (
        <p class="muted">
          {intent
            ? 'No one matches these filters: a person is listed when one of their signals (not dismissed) has that intent.'
            : mutedOnly
              ? 'No one to show: the people you muted are under Show muted.'
              : 'No people yet: a person appears with their first signal.'}
        </p>
      ) : (
        <ul class="people">
          {page.people.map((p) => (
            <li class={p.muted ? 'person muted-person' : 'person'}>
              <Heat person={p} />
              <a href={`#/people/${encodeURIComponent(p.id)}`}>
                <Name name={p.author} />
              </a>
              <span>{[p.platform, ...p.identities.map((i) => i.platform)].join(' · ')}</span>
              <span>
                {p.signals === 0
                  ? 'no signal counted'
                  : `${p.signals} signal${p.signals === 1 ? '' : 's'}, best ${p.bestScore} ${p.bestIntent ?? ''}`}
              </span>
              {p.icpMatched && <span class="chip">profile match</span>}
              {p.muted && <span class="chip">muted</span>}
            </li>
          ))}
        </ul>
      )}
      {page && page.total > PAGE_SIZE && (
        <Pager offset={offset} size={PAGE_SIZE} total={page.total} shown go={setOffset} />
      )}
      <Threshold setError={setError} />
    </section>
  )
}

/** docs/people.md#the-threshold: the heat at which person.updated is sent. */
function Threshold(props: { setError: (m: string) => void }) {
  const [value, setValue] = useState('')
  const [saved, setSaved] = useState('')
  const load = () =>
    api<{ heatThreshold: number }>('GET', '/people/heat-threshold').then((t) => {
      setValue(String(t.heatThreshold))
      setSaved(String(t.heatThreshold))
    })
  useEffect(() => {
    load().catch((e) => props.setError(e.message))
  }, [])
  const save = (e: Event) => {
    e.preventDefault()
    changeThen(load, props.setError)(api('PUT', '/people/heat-threshold', { heatThreshold: Number(value) }))
  }
  return (
    <form class="stacked" onSubmit={save}>
      <h2>Hot at</h2>
      <label>
        Heat threshold (1 to 100): a webhook with the person.updated event hears when a person reaches it
        <input
          type="number"
          min="1"
          max="100"
          step="1"
          // Empty, it would be sent as 0 and refused at the top of the page, out of sight below a long list.
          required
          value={value}
          onInput={(e) => setValue(e.currentTarget.value)}
        />
      </label>
      <button type="submit" disabled={value === saved}>
        Save
      </button>
    </form>
  )
}

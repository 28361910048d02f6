import { useEffect, useState } from 'preact/hooks'
import type * as v from 'valibot'
import type { PeoplePage } from '../../wire/person-answers'
import { api } from '../api'
import { ExportCsv } from '../components/export-csv'
import { HeatThreshold } from '../components/heat-threshold'
import { PersonItem } from '../components/person-item'
import { Alert, Choice, Pager } from '../components/ui'
import { peopleFromAddress, writePeopleAddress } from '../people-address'
import { Empty, type Hidden } from './people-empty'

type Page = v.InferOutput<typeof PeoplePage>

const PAGE_SIZE = 20
const INTENTS = ['ACTIVE', 'COMPETITOR', 'PAIN', 'QUESTION', 'MENTION']

/** docs/console.md#people: the team's people, hottest first, with the heat threshold and the CRM export. */
export function People() {
  // Read from the address once, when the page opens (peopleFromAddress); kept there at each change.
  const [start] = useState(peopleFromAddress)
  const [intent, setIntent] = useState(start.intent)
  const [name, setName] = useState(start.author)
  const [author, setAuthor] = useState(start.author)
  const [withMuted, setWithMuted] = useState(start.withMuted)
  const [offset, setOffset] = useState(start.offset)
  const [page, setPage] = useState<Page | null>(null)
  // The filters the shown page was read with: until a new search answers, the old page is told with its own.
  const [shownFor, setShownFor] = useState({ intent, author, withMuted })
  const [error, setError] = useState('')
  const query = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(offset) })
  if (intent) query.set('intent', intent)
  if (author) query.set('author', author)
  if (withMuted) query.set('include', 'muted')
  const [hidden, setHidden] = useState<Hidden | null>(null)
  const load = () =>
    api<Page>('GET', `/people?${query}`)
      .then(async (p) => {
        // An offset past the end (an old link, people muted since): the last page that has people instead.
        if (p.people.length === 0 && p.total > 0 && offset > 0)
          return setOffset(Math.floor((p.total - 1) / PAGE_SIZE) * PAGE_SIZE)
        const [muted, everyone] =
          p.total === 0 && !intent && !author
            ? await Promise.all([
                withMuted ? p : api<Page>('GET', '/people?limit=1&include=muted'),
                api<Page>('GET', '/people/accounts'),
              ])
            : []
        setHidden(muted && everyone ? { muted: muted.total, everyone } : null)
        setShownFor({ intent, author, withMuted })
        setPage(p)
      })
      .catch((e) => setError(e.message))
  useEffect(() => {
    writePeopleAddress({ author, intent, withMuted, offset })
    load()
  }, [intent, author, withMuted, offset])
  return (
    <section>
      <p class="hint">
        Everyone who wrote a signal, one person per platform account; link accounts of the same person on their page.
        Heat combines their best score, how recently they posted, how many signals and a profile match; posts judged not
        relevant do not count.
      </p>
      <form
        class="filters"
        onSubmit={(e) => {
          e.preventDefault()
          setAuthor(name.trim())
          setOffset(0)
        }}
      >
        <div class="name-search">
          <label>
            Name
            <input type="search" value={name} maxLength={100} onInput={(e) => setName(e.currentTarget.value)} />
          </label>
          <button type="submit">Find</button>
        </div>
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
        {/* docs/console.md#export: no download attribute, so that a refusal shows its reason (as on Signals). A team
        with nobody yet is not offered a file of nobody: Empty says so. */}
        {page && hidden?.everyone.total !== 0 && (
          <div class="people-export">
            <ExportCsv of="people" />
            <a href="/console/api/people/export?format=jsonl">Export JSON Lines</a>
          </div>
        )}
      </form>
      <Alert message={error} />
      {!page ? (
        // A list that could not be read says so above, not also that it is still loading.
        !error && <p>Loading…</p>
      ) : page.people.length === 0 ? (
        <Empty {...shownFor} hidden={hidden} />
      ) : (
        <ul class="people">
          {page.people.map((p) => (
            <PersonItem person={p} />
          ))}
        </ul>
      )}
      {page && page.total > PAGE_SIZE && (
        <Pager offset={offset} size={PAGE_SIZE} total={page.total} shown go={setOffset} />
      )}
      <HeatThreshold setError={setError} />
    </section>
  )
}

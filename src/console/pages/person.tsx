import { useEffect, useRef, useState } from 'preact/hooks'
import type * as v from 'valibot'
import type { PeoplePage, PersonDetail } from '../../wire/person-answers'
import { FORCING_DIRECTION } from '../../lib/text'
import { api, changeThen, when } from '../api'
import { httpUrl, platformName } from '../signal-facts'
import { Heat } from '../components/person-item'
import { NoPerson, personError } from './people-empty'
import { Name, shortName } from '../components/ui'
import { ForgetPerson } from '../components/forget-person'
import { refocus, rowPlace } from '../components/confirm-button'
import { PersonPosts } from '../components/person-posts'

type Detail = v.InferOutput<typeof PersonDetail>

/** docs/console.md#people: one person, their accounts, their posts in time order; link, unlink, mute, forget. */
// An option holds text only, where no <bdi> can keep a name's forced direction inside it: it turned the words after
// the name around ("yksulb no live"), so those characters are left out there (docs/security.md#decisions).
const FORCING = new RegExp(`[${FORCING_DIRECTION}]`, 'gu')
const withoutDirection = (name: string) => name.replace(FORCING, '')

export function Person(props: { id: string }) {
  const [detail, setDetail] = useState<Detail | null>(null)
  const [others, setOthers] = useState<v.InferOutput<typeof PeoplePage>['people']>([])
  const [choice, setChoice] = useState('')
  const [name, setName] = useState('')
  const [searched, setSearched] = useState('')
  const [error, setError] = useState('')
  const choiceBox = useRef<HTMLSelectElement>(null)
  const load = () =>
    api<Detail>('GET', `/people/${encodeURIComponent(props.id)}`)
      .then(setDetail)
      .catch((e) => setError(personError(e, props.id)))
  // The choices: the 100 hottest accounts, or those whose name holds what was searched (a team has more than 100);
  // muted ones and those with no post counted too, which the People list leaves out (docs/console.md#people).
  const search = (text: string) =>
    api<v.InferOutput<typeof PeoplePage>>('GET', `/people/accounts${text ? `?author=${encodeURIComponent(text)}` : ''}`)
      .then((p) => {
        setOthers(p.people)
        setSearched(text)
        setChoice('')
      })
      .catch((e) => setError(e.message))
  useEffect(() => {
    load()
    search('')
  }, [props.id])
  if (!detail) return error ? <NoPerson message={error} /> : <p>Loading…</p>
  const { person: p, posts } = detail
  // A link or an unlink changes who can be linked: the choices are asked for again, with the same name.
  const change = changeThen(() => Promise.all([load(), search(searched)]), setError)
  const candidates = others.filter((o) => o.id !== p.id)
  // The choice goes back to "Choose…", which disables Link and dropped the keyboard on the body: it goes back to the
  // choice box, for another account.
  const link = (e: Event) => {
    e.preventDefault()
    if (choice)
      change(api('POST', `/people/${encodeURIComponent(p.id)}/links`, { personId: choice })).finally(() =>
        choiceBox.current?.focus(),
      )
    setChoice('')
  }
  // Its row goes, and the button with it: the keyboard goes to the nearest row's Unlink, else the heading.
  const unlink = (id: string, place: ReturnType<typeof rowPlace>) =>
    change(api('DELETE', `/people/${encodeURIComponent(p.id)}/links/${encodeURIComponent(id)}`)).finally(() =>
      setTimeout(() => refocus(place, 'button[data-unlink]')),
    )
  const accounts = [p, ...p.identities]
  return (
    <section class="person-page">
      <p>
        <a href="#/people">← People</a>
      </p>
      <h2>
        <Name name={p.author} /> <Heat person={p} />
        {p.muted && <span class="chip">muted</span>}
      </h2>
      {error && <p class="error">{error}</p>}
      <dl class="facts">
        <dt>Signals</dt>
        {p.signals === 0 ? (
          // Every post dismissed: their figures count none of them (docs/people.md#heat), so there is no best score or
          // time seen to show, and the people list leaves them out unless asked for by name (docs/people.md#heat).
          <dd>
            None counted: each of their posts was judged not relevant or came while they were muted, so the People list
            shows them only when searched by name{p.muted ? ' with Show muted ticked' : ''}.
          </dd>
        ) : (
          <dd>
            {p.signals}, best {p.bestScore} {p.bestIntent ?? ''}
            {p.icpMatched ? ' · matched a profile' : ''}
          </dd>
        )}
        {p.lastSeen && (
          <>
            <dt>Seen</dt>
            <dd>
              {when(p.firstSeen) === when(p.lastSeen)
                ? when(p.lastSeen)
                : `${when(p.firstSeen)} to ${when(p.lastSeen)}`}
            </dd>
          </>
        )}
        <dt>Id</dt>
        <dd>
          <code>{p.id}</code>
        </dd>
      </dl>
      <h2>Accounts</h2>
      <ul class="rows">
        {accounts.map((a) => {
          const href = httpUrl(a.profileUrl)
          return (
            <li>
              <span>{platformName(a.platform)}</span>{' '}
              {href ? (
                <a href={href} target="_blank" rel="noopener noreferrer">
                  <Name name={a.author} />
                </a>
              ) : (
                <Name name={a.author} />
              )}
              {a.id !== p.id && (
                <button type="button" data-unlink onClick={(e) => unlink(a.id, rowPlace(e.currentTarget))}>
                  Unlink
                </button>
              )}
            </li>
          )
        })}
      </ul>
      <form
        class="toolbar"
        onSubmit={(e) => {
          e.preventDefault()
          search(name.trim())
        }}
      >
        <label>
          Find an account by name
          <input type="search" value={name} maxLength={100} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <button type="submit">Find</button>
        {searched && candidates.length === 0 && (
          <span>
            No one else's name contains “<bdi>{searched}</bdi>”.
          </span>
        )}
      </form>
      <form class="toolbar" onSubmit={link}>
        <label>
          The same person on another account
          <select ref={choiceBox} value={choice} onChange={(e) => setChoice(e.currentTarget.value)}>
            <option value="">Choose…</option>
            {candidates.map((o) => (
              <option value={o.id}>
                {withoutDirection(shortName(o.author))} on {platformName(o.platform)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={!choice}>
          Link
        </button>
        <button
          type="button"
          onClick={() => change(api('PUT', `/people/${encodeURIComponent(p.id)}/mute`, { muted: !p.muted }))}
        >
          {p.muted ? 'Unmute' : 'Mute'}
        </button>
      </form>
      <ForgetPerson person={{ ...p, accounts: accounts.length }} onError={setError} />
      <PersonPosts signals={p.signals} posts={posts} />
    </section>
  )
}

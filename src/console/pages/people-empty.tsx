import type * as v from 'valibot'
import type { PeoplePage } from '../../wire/person-answers'
import { ApiError } from '../api'
import { PersonItem } from '../components/person-item'

/**
 * What an empty list without filters leaves out: the muted (under Show muted), and the people none of whose posts
 * counts (docs/people.md#heat), who are still people until forgotten: `everyone` is all of them, the hottest 100.
 */
export type Hidden = { muted: number; everyone: v.InferOutput<typeof PeoplePage> }

/** Why the People list is empty, in the user's terms, and the people it leaves out when that is why. */
export function Empty(props: { intent: string; author: string; withMuted: boolean; hidden: Hidden | null }) {
  const { intent, author, withMuted, hidden } = props
  if (author)
    return (
      <p class="muted">
        No one whose name (or a linked account's) contains “<bdi>{author}</bdi>”
        {intent ? ' has a signal of that intent' : ''}
        {withMuted ? '.' : '; a muted person is found with Show muted.'}
      </p>
    )
  if (intent)
    return (
      <p class="muted">
        No one matches these filters: a person is listed when one of their signals (not dismissed) has that intent.
      </p>
    )
  // People there are, past the end of the list: someone on this page was forgotten or muted meanwhile.
  if (!hidden) return <p class="muted">No one on this page: go back a page.</p>
  const { muted, everyone } = hidden
  if (everyone.total === 0)
    return <p class="muted">No people yet, so nothing to export: a person appears with their first signal.</p>
  if (!withMuted && muted === everyone.total)
    return <p class="muted">No one to show: the people you muted are under Show muted.</p>
  return (
    <>
      <p class="muted">
        No one has a post that counts: every post of the team's{' '}
        {everyone.total === 1 ? 'one person' : `${everyone.total} people`} was judged not relevant, or came while they
        were muted. Here they are
        {everyone.total > everyone.people.length ? `, the ${everyone.people.length} hottest` : ''}; open one to judge a
        post relevant again, or find one by name.
      </p>
      <ul class="people">
        {everyone.people.map((p) => (
          <PersonItem person={p} />
        ))}
      </ul>
    </>
  )
}

/** Why a person's page cannot be shown: a 404 is a person forgotten (reached by Back after Forget, or an old link). */
export const personError = (e: Error, id: string) =>
  e instanceof ApiError && e.status === 404
    ? `No person ${id} in this team: they were forgotten, or the link is to another team's person.`
    : e.message

/** A person's page that cannot be shown says why, with the way back to the list. */
export const NoPerson = (props: { message: string }) => (
  <section class="person-page">
    <p>
      <a href="#/people">← People</a>
    </p>
    <p class="error">{props.message}</p>
  </section>
)

// The People page's search, filters and page in its address (#/people?name=lead&intent=PAIN&offset=20), as the
// Signals page keeps its filters: Back from a person's page, a reload and a colleague's link show the same list.

export type PeopleView = { author: string; intent: string; withMuted: boolean; offset: number }

/** What the address asks for; anything unreadable (an edited offset) reads as the list's start. */
export function peopleFromAddress(): PeopleView {
  const q = new URLSearchParams(location.hash.split('?')[1] ?? '')
  const offset = Number(q.get('offset'))
  return {
    author: q.get('name') ?? '',
    intent: q.get('intent') ?? '',
    withMuted: q.get('include') === 'muted',
    offset: Number.isSafeInteger(offset) && offset > 0 ? offset : 0,
  }
}

/** Writes `v` to the address in place: a new search is no page of its own in the history, and fires no hashchange. */
export function writePeopleAddress(v: PeopleView): void {
  const q = new URLSearchParams()
  if (v.author) q.set('name', v.author)
  if (v.intent) q.set('intent', v.intent)
  if (v.withMuted) q.set('include', 'muted')
  if (v.offset > 0) q.set('offset', String(v.offset))
  const s = q.toString()
  history.replaceState(history.state, '', `#/people${s ? `?${s}` : ''}`)
}

// docs/people.md#links over HTTP: links made by hand and undone, bad links that change nothing, and links, unlinks
// and mutes that meet at the same moment.
import { describe, expect, test } from 'bun:test'
import { parseCsv } from '../support/exports'
import { type Detail, find, type Page, type Person, setup } from '../support/people-api'

describe('links (docs/people.md#links)', () => {
  test('linking folds an identity and its signals into a person; its id then leads there; undoing restores both', async () => {
    const { api } = await setup()
    const before = (await api<Page>('GET', '/api/v1/people')).body
    const reddit = find(before, 'reddit', 'ann')
    const twitter = find(before, 'twitter', 'ann')
    const linked = await api<Detail>('POST', `/api/v1/people/${reddit.id}/links`, { personId: twitter.id })
    expect(linked.status).toBe(200)
    expect(linked.body.person).toMatchObject({ id: reddit.id, signals: 3, identities: [{ id: twitter.id }] })
    expect(linked.body.posts.map((p) => p.platform)).toEqual(['reddit', 'twitter', 'reddit'])
    expect((await api<Page>('GET', '/api/v1/people')).body.total).toBe(3)
    expect((await api<Detail>('GET', `/api/v1/people/${twitter.id}`)).body.person.id).toBe(reddit.id)
    const signals = await api<{ signals: { platform: string; personId: string }[] }>('GET', '/api/v1/signals')
    expect(signals.body.signals.filter((s) => s.personId === reddit.id)).toHaveLength(3)

    const undone = await api<Detail>('DELETE', `/api/v1/people/${reddit.id}/links/${twitter.id}`)
    expect(undone.body.person).toMatchObject({ signals: 2, identities: [] })
    const after = (await api<Page>('GET', '/api/v1/people')).body
    expect(after.people).toEqual(before.people)
  })

  test('bad links are refused and change nothing: itself, a linked identity, an unknown id, a bad body', async () => {
    const { api } = await setup()
    const page = (await api<Page>('GET', '/api/v1/people')).body
    const [a, b, c] = [find(page, 'reddit', 'ann'), find(page, 'twitter', 'ann'), find(page, 'hackernews', 'bob')]
    await api('POST', `/api/v1/people/${a.id}/links`, { personId: b.id })
    const tries: [string, unknown, number][] = [
      [c.id, { personId: c.id }, 400],
      [b.id, { personId: c.id }, 400],
      // b is a's: linking it to c would move a and all of a's identities (docs/people.md#links).
      [c.id, { personId: b.id }, 400],
      // The body's id names no one: the field's fault, not a path that is not there (people-link-fields.test.ts).
      [c.id, { personId: 'per_000000000000000000000000' }, 400],
      [c.id, { personId: '' }, 400],
      [c.id, { person: c.id }, 400],
    ]
    const state = (await api<Page>('GET', '/api/v1/people')).body
    for (const [id, body, status] of tries) {
      const r = await api<{ error: { code: string; message: string } }>('POST', `/api/v1/people/${id}/links`, body)
      expect(r.status).toBe(status)
      expect(r.body.error.message).not.toContain('Expected')
    }
    expect((await api<Page>('GET', '/api/v1/people')).body).toEqual(state)
    const notLinked = await api('DELETE', `/api/v1/people/${a.id}/links/${c.id}`)
    expect(notLinked.status).toBe(404)
  })
})

describe('links made at the same moment (docs/people.md#links)', () => {
  test('two people linked to each other at once: one link holds, no one is linked to itself or lost', async () => {
    const { api } = await setup()
    const page = (await api<Page>('GET', '/api/v1/people')).body
    const [a, b] = [find(page, 'reddit', 'ann'), find(page, 'twitter', 'ann')]
    // Two salespeople link the same two identities, each from the other's page, at the same moment.
    const answers = await Promise.all([
      api('POST', `/api/v1/people/${a.id}/links`, { personId: b.id }),
      api('POST', `/api/v1/people/${b.id}/links`, { personId: a.id }),
    ])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400])
    const after = (await api<Page>('GET', '/api/v1/people')).body
    // Four authors, two of them now one person: three people, ann among them with her three signals.
    expect(after.total).toBe(3)
    const ann = after.people.find((p) => p.id === a.id || p.id === b.id) as Person
    expect(ann.signals).toBe(3)
    expect(ann.identities.map((i) => i.id)).toEqual([ann.id === a.id ? b.id : a.id])
    const csv = parseCsv((await api<string>('GET', '/api/v1/people/export?format=csv')).body)
    expect(csv.filter((r) => r[0] === a.id || r[0] === b.id)).toHaveLength(1)
  })

  test('a chain linked at once (b into a, c into b) ends with c and b both identities of a', async () => {
    const { api } = await setup()
    const page = (await api<Page>('GET', '/api/v1/people')).body
    const [a, b, c] = [find(page, 'reddit', 'ann'), find(page, 'twitter', 'ann'), find(page, 'hackernews', 'bob')]
    const answers = await Promise.all([
      api('POST', `/api/v1/people/${a.id}/links`, { personId: b.id }),
      api('POST', `/api/v1/people/${b.id}/links`, { personId: c.id }),
    ])
    expect(answers[0].status).toBe(200)
    const after = (await api<Page>('GET', '/api/v1/people')).body
    const ann = (await api<Detail>('GET', `/api/v1/people/${a.id}`)).body.person
    // Whichever link came second, every signal of the three is counted on the one person the list shows.
    const shown = after.people.filter((p) => [a.id, b.id, c.id].includes(p.id))
    expect(shown.reduce((n, p) => n + p.signals, 0)).toBe(4)
    if (answers[1].status === 200) expect(ann.identities.map((i) => i.id).sort()).toEqual([b.id, c.id].sort())
  })
})

describe('an unlink and a link at the same moment (docs/people.md#links)', () => {
  test('b is unlinked from a while a (with b) is linked into c: the unlink is refused, b stays with c and its signal', async () => {
    const { deps, api } = await setup()
    const page = (await api<Page>('GET', '/api/v1/people')).body
    const [a, b, c] = [find(page, 'reddit', 'ann'), find(page, 'twitter', 'ann'), find(page, 'hackernews', 'bob')]
    expect((await api('POST', `/api/v1/people/${a.id}/links`, { personId: b.id })).status).toBe(200)
    // The unlink has read b as a's, and writes only after a second salesperson linked a (and so b) into c: the
    // real database between the two, as two requests interleave.
    const people = deps.repos.people
    const unlink = people.unlink
    people.unlink = async (...args) => {
      expect((await api('POST', `/api/v1/people/${c.id}/links`, { personId: a.id })).status).toBe(200)
      return unlink(...args)
    }
    const late = await api<{ error: { code: string; message: string } }>(
      'DELETE',
      `/api/v1/people/${a.id}/links/${b.id}`,
    )
    people.unlink = unlink
    expect(late.status).toBe(404)
    expect(late.body.error.message).toBe(`${b.id} is no longer linked to ${a.id}: open the person page again`)
    // c holds a and b with all four signals; b is not a person of its own with none while its signal counts for c.
    const bob = (await api<Detail>('GET', `/api/v1/people/${c.id}`)).body.person
    expect(bob.identities.map((i) => i.id).sort()).toEqual([a.id, b.id].sort())
    expect(bob.signals).toBe(4)
    const after = (await api<Page>('GET', '/api/v1/people')).body
    expect(after.people.map((p) => p.id)).toEqual([c.id, find(page, 'hackernews', '=HYPERLINK("x")').id])
  })
})

describe('a mute and a link at the same moment (docs/people.md#mute)', () => {
  test('a muted while a is linked into c: the person a now belongs to is muted, and the answer says so', async () => {
    const { deps, api } = await setup()
    const page = (await api<Page>('GET', '/api/v1/people')).body
    const [a, c] = [find(page, 'reddit', 'ann'), find(page, 'hackernews', 'bob')]
    // The mute has read a as a person of its own, and writes after a second salesperson linked a into c.
    const people = deps.repos.people
    const setMuted = people.setMuted
    people.setMuted = async (...args) => {
      expect((await api('POST', `/api/v1/people/${c.id}/links`, { personId: a.id })).status).toBe(200)
      return setMuted(...args)
    }
    const muted = await api<Detail>('PUT', `/api/v1/people/${a.id}/mute`, { muted: true })
    people.setMuted = setMuted
    expect(muted.status).toBe(200)
    // Not a flag on an identity, which only the person it belongs to decides by, while the answer shows c unmuted.
    expect(muted.body.person).toMatchObject({ id: c.id, muted: true })
    expect((await api<Page>('GET', '/api/v1/people')).body.people.map((p) => p.id)).not.toContain(c.id)
  })
})

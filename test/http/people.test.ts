// docs/people.md over HTTP: the list by heat with the signals filters, a person and their posts, links made by hand
// and undone, mute, the threshold, the CRM export with stable ids, and bad input that changes nothing.
import { describe, expect, test } from 'bun:test'
import { parseCsv } from '../support/exports'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { FIGURES_SET } from '../../src/storage/repos/people-figures'
import { signalRow } from '../support/webhooks'

type Person = {
  id: string
  platform: string
  author: string
  identities: { id: string; platform: string; author: string }[]
  signals: number
  bestScore: number
  bestIntent: string | null
  icpMatched: boolean
  lastSeen: string | null
  heat: number
  band: string
  muted: boolean
}
type Page = { people: Person[]; total: number }
type Detail = { person: Person; posts: { id: string; platform: string; publishedAt: string }[] }

const NOW = '2026-11-15T12:00:00.000Z'
const daysAgo = (d: number) => new Date(Date.parse(NOW) - d * 86_400_000).toISOString()

/** A team whose signals come from four authors on two platforms, one of them on both. */
async function setup() {
  const { deps, clock } = await testDeps({ now: NOW })
  const { team, apiKey } = await seedTeam(deps)
  const other = await seedTeam(deps, { name: 'other' })
  const row = signalRow
  await deps.repos.signals.insertMany(team.id, [
    row(team.id, { author: 'ann', platform: 'reddit', score: 9, icpMatch: 'Agencies', publishedAt: daysAgo(0) }),
    row(team.id, { author: 'ann', platform: 'reddit', score: 6, intent: 'PAIN', publishedAt: daysAgo(2) }),
    row(team.id, { author: 'ann', platform: 'twitter', score: 7, intent: 'COMPETITOR', publishedAt: daysAgo(1) }),
    row(team.id, { author: 'bob', platform: 'hackernews', score: 8, publishedAt: daysAgo(40) }),
    row(team.id, { author: '=HYPERLINK("x")', platform: 'hackernews', score: 5, intent: 'QUESTION' }),
  ])
  await deps.repos.signals.insertMany(other.team.id, [row(other.team.id, { author: 'zed' })])
  const call = client(deps)
  const as =
    (key: string) =>
    <T>(method: string, path: string, body?: unknown) =>
      call(method, path, { key, body }) as Promise<{ status: number; body: T }>
  return { deps, clock, team, api: as(apiKey), otherApi: as(other.apiKey) }
}

/** docs/people.md#heat, written again from the table there. */
const heatOf = (p: Person) => {
  const days = (Date.parse(NOW) - Date.parse(p.lastSeen as string)) / 86_400_000
  return Math.round(
    5 * p.bestScore + 25 * Math.min(1, Math.max(0, 1 - days / 30)) + 3 * Math.min(p.signals, 5) + 10 * +p.icpMatched,
  )
}

const find = (page: Page, platform: string, author: string) =>
  page.people.find((p) => p.platform === platform && p.author === author) as Person

describe('GET /api/v1/people', () => {
  test("one person per platform and author, hottest first, with the heat docs/people.md gives; another team's left out", async () => {
    const { api } = await setup()
    const { status, body } = await api<Page>('GET', '/api/v1/people')
    expect(status).toBe(200)
    expect(body.total).toBe(4)
    expect(body.people.map((p) => `${p.platform}:${p.author}`)).toEqual([
      'reddit:ann',
      'twitter:ann',
      'hackernews:=HYPERLINK("x")',
      'hackernews:bob',
    ])
    const ann = find(body, 'reddit', 'ann')
    expect(ann).toMatchObject({ signals: 2, bestScore: 9, bestIntent: 'ACTIVE', icpMatched: true, band: 'hot' })
    for (const p of body.people) expect(p.heat).toBe(heatOf(p))
    expect(ann.heat).toBe(45 + 25 + 6 + 10)
    expect(find(body, 'hackernews', 'bob')).toMatchObject({ heat: 43, band: 'warm' })
  })

  test("the signals filters keep the people with a signal that passes them; every signal carries its person's id", async () => {
    const { api } = await setup()
    const pain = await api<Page>('GET', '/api/v1/people?intent=PAIN')
    expect(pain.body.people.map((p) => `${p.platform}:${p.author}`)).toEqual(['reddit:ann'])
    const hn = await api<Page>('GET', '/api/v1/people?platform=hackernews&minScore=7&limit=1')
    expect(hn.body).toMatchObject({ total: 1, people: [{ author: 'bob' }] })
    const people = await api<Page>('GET', '/api/v1/people')
    const signals = await api<{ signals: { author: string; platform: string; personId: string }[] }>(
      'GET',
      '/api/v1/signals?limit=100',
    )
    for (const s of signals.body.signals) expect(s.personId).toBe(find(people.body, s.platform, s.author).id)
  })

  test('a person and their posts in time order; an unknown id and another team’s person are the same 404', async () => {
    const { api, otherApi } = await setup()
    const ann = find((await api<Page>('GET', '/api/v1/people')).body, 'reddit', 'ann')
    const { status, body } = await api<Detail>('GET', `/api/v1/people/${ann.id}`)
    expect(status).toBe(200)
    expect(body.posts.map((p) => p.publishedAt)).toEqual([daysAgo(2), daysAgo(0)])
    for (const id of [ann.id, 'per_000000000000000000000000']) {
      const missing = await otherApi<{ error: { code: string } }>('GET', `/api/v1/people/${id}`)
      expect(missing).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } })
    }
  })
})

describe('paging people (docs/people.md#listing-people)', () => {
  test('a page read a few hours later neither repeats nor skips anyone: heat moves with time, the order does not', async () => {
    const { deps, clock } = await testDeps({ now: NOW })
    const { team, apiKey } = await seedTeam(deps)
    const call = client(deps)
    // At NOW both round to heat 60 (59.67 and 59.58); 0.19 days on, 59.51 and 59.43 round to 60 and 59. Ordered by the
    // rounded heat and then by last seen, dee came first at NOW and second later: page 2 showed dee again, eve never.
    await deps.repos.signals.insertMany(team.id, [
      signalRow(team.id, { author: 'eve', platform: 'reddit', score: 8, publishedAt: daysAgo(10) }),
      signalRow(team.id, { author: 'dee', platform: 'reddit', score: 7.9, publishedAt: daysAgo(9.5) }),
    ])
    const page = async (offset: number) =>
      (await call('GET', `/api/v1/people?limit=1&offset=${offset}`, { key: apiKey })).body as Page
    const first = await page(0)
    clock.set(new Date(Date.parse(NOW) + 0.19 * 86_400_000))
    const second = await page(1)
    expect([...first.people, ...second.people].map((p) => p.author).sort()).toEqual(['dee', 'eve'])
  })
})

describe('a busy person (docs/people.md#listing-people)', () => {
  test('their page shows their latest 200 posts, oldest first, so the post that made them hot is there', async () => {
    const { deps, team, api } = await setup()
    // 205 posts by carol, one an hour, the newest an hour ago.
    const hoursAgo = (h: number) => new Date(Date.parse(NOW) - h * 3_600_000).toISOString()
    const rows = Array.from({ length: 205 }, (_, i) =>
      signalRow(team.id, { author: 'carol', platform: 'reddit', publishedAt: hoursAgo(205 - i) }),
    )
    await deps.repos.signals.insertMany(team.id, rows)
    const carol = find((await api<Page>('GET', '/api/v1/people?limit=100')).body, 'reddit', 'carol')
    const { body } = await api<Detail>('GET', `/api/v1/people/${carol.id}`)
    expect(body.posts).toHaveLength(200)
    expect(body.posts.map((p) => p.publishedAt)).toEqual(rows.slice(5).map((r) => r.publishedAt))
  })
})

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

describe('a muted person none of whose signals counts (docs/people.md#mute)', () => {
  test('include=muted lists them, so they can be found and unmuted; the filters still apply', async () => {
    const { api } = await setup()
    const vendor = find((await api<Page>('GET', '/api/v1/people')).body, 'twitter', 'ann')
    // A vendor's pitch judged not relevant, then the vendor muted: the usual order.
    const pitch = (await api<{ signals: { id: string }[] }>('GET', '/api/v1/signals?platform=twitter')).body.signals[0]
    await api('POST', `/api/v1/signals/${pitch.id}/feedback`, { verdict: 'not_relevant' })
    expect((await api('PUT', `/api/v1/people/${vendor.id}/mute`, { muted: true })).status).toBe(200)
    const ids = async (q: string) => (await api<Page>('GET', `/api/v1/people${q}`)).body.people.map((p) => p.id)
    expect(await ids('?include=muted')).toContain(vendor.id)
    expect(
      (await api<Page>('GET', '/api/v1/people?include=muted')).body.people.find((p) => p.id === vendor.id),
    ).toMatchObject({ signals: 0, muted: true, heat: 0 })
    expect(await ids('')).not.toContain(vendor.id)
    expect(await ids('?include=muted&intent=COMPETITOR')).toContain(vendor.id)
    expect(await ids('?include=muted&intent=ACTIVE')).not.toContain(vendor.id)
  })
})

describe('heat and verdicts (docs/people.md#heat)', () => {
  test("a signal judged not relevant stops counting in its person's figures; the verdict undone counts it again", async () => {
    const { api } = await setup()
    const ann = async () => find((await api<Page>('GET', '/api/v1/people')).body, 'reddit', 'ann')
    const before = await ann()
    expect(before).toMatchObject({ signals: 2, bestScore: 9, icpMatched: true, band: 'hot' })
    const list = await api<{ signals: { id: string; author: string; score: number }[] }>('GET', '/api/v1/signals')
    const nine = list.body.signals.find((s) => s.author === 'ann' && s.score === 9) as { id: string }
    // The 9 was a vendor's pitch: 👎. Ann is what her other post says she is, a PAIN of 6 two days ago.
    await api('POST', `/api/v1/signals/${nine.id}/feedback`, { verdict: 'not_relevant' })
    const judged = await ann()
    expect(judged).toMatchObject({ signals: 1, bestScore: 6, bestIntent: 'PAIN', icpMatched: false, band: 'warm' })
    expect(judged.lastSeen).toBe(daysAgo(2))
    expect(judged.heat).toBe(heatOf(judged))
    // Judged relevant again: as before.
    await api('POST', `/api/v1/signals/${nine.id}/feedback`, { verdict: 'relevant' })
    expect(await ann()).toEqual(before)
  })

  test('an import whose file judged a post not relevant leaves it out of its person, as the verdict here would', async () => {
    const { deps, team, api } = await setup()
    const pitch = signalRow(team.id, { author: 'cy', platform: 'github', score: 10, publishedAt: daysAgo(0) })
    const ask = signalRow(team.id, { author: 'cy', platform: 'github', score: 5, publishedAt: daysAgo(10) })
    const verdict = { platform: 'github', postId: pitch.postId, keywordLc: 'crm', reason: null, judgedAt: NOW }
    await deps.repos.signals.insertMany(team.id, [pitch, ask], [{ ...verdict, verdict: 'not_relevant' }])
    const cy = find((await api<Page>('GET', '/api/v1/people')).body, 'github', 'cy')
    expect(cy).toMatchObject({ signals: 1, bestScore: 5, lastSeen: daysAgo(10) })
    expect(cy.heat).toBe(heatOf(cy))
  })

  test("a muted person's later signals, stored dismissed, leave their heat as it was", async () => {
    const { deps, team, api } = await setup()
    const bob = find((await api<Page>('GET', '/api/v1/people')).body, 'hackernews', 'bob')
    await api('PUT', `/api/v1/people/${bob.id}/mute`, { muted: true })
    await deps.repos.signals.insertMany(team.id, [
      signalRow(team.id, { author: 'bob', platform: 'hackernews', score: 10, publishedAt: daysAgo(0) }),
    ])
    const muted = (await api<Detail>('GET', `/api/v1/people/${bob.id}`)).body.person
    expect(muted).toMatchObject({ signals: 1, bestScore: 8, lastSeen: daysAgo(40), heat: bob.heat })
  })
})

describe('finding a person by name (docs/people.md#listing-people)', () => {
  test('a name finds a person whose every post was judged not relevant; the other filters still apply', async () => {
    const { api } = await setup()
    const bob = find((await api<Page>('GET', '/api/v1/people')).body, 'hackernews', 'bob')
    const post = (await api<{ signals: { id: string }[] }>('GET', '/api/v1/signals?platform=hackernews&minScore=8'))
      .body.signals[0]
    await api('POST', `/api/v1/signals/${post.id}/feedback`, { verdict: 'not_relevant' })
    const ids = async (q: string) => (await api<Page>('GET', `/api/v1/people${q}`)).body.people.map((p) => p.id)
    // Out of the list by heat (docs/people.md#heat), but a person until forgotten: the name is how they are found.
    expect(await ids('')).not.toContain(bob.id)
    expect((await api<Page>('GET', '/api/v1/people?author=BOB')).body).toMatchObject({
      total: 1,
      people: [{ id: bob.id, signals: 0, heat: 0, muted: false }],
    })
    expect(await ids('?author=bob&platform=hackernews')).toEqual([bob.id])
    expect(await ids('?author=bob&intent=PAIN')).toEqual([])
    // Muted, they still need include=muted, as everywhere in the list.
    await api('PUT', `/api/v1/people/${bob.id}/mute`, { muted: true })
    expect(await ids('?author=bob')).toEqual([])
    expect(await ids('?author=bob&include=muted')).toEqual([bob.id])
  })

  test('author finds a part of the name, ignoring case, also through a linked account; wildcards are letters', async () => {
    const { api, deps, team } = await setup()
    await deps.repos.signals.insertMany(team.id, [
      signalRow(team.id, { author: 'Bob_Smith', platform: 'reddit', score: 6 }),
      signalRow(team.id, { author: 'bobXsmith', platform: 'reddit', score: 6 }),
    ])
    const names = async (query: string) =>
      (await api<Page>('GET', `/api/v1/people?author=${encodeURIComponent(query)}`)).body.people
        .map((p) => `${p.author}@${p.platform}`)
        .sort()
    expect(await names('ANN')).toEqual(['ann@reddit', 'ann@twitter'])
    expect(await names('b_s')).toEqual(['Bob_Smith@reddit'])
    expect(await names('%')).toEqual([])
    expect(await names(' hyperlink(')).toEqual(['=HYPERLINK("x")@hackernews'])
    const page = (await api<Page>('GET', '/api/v1/people')).body
    const [ann, bob] = [find(page, 'reddit', 'ann'), find(page, 'hackernews', 'bob')]
    await api('POST', `/api/v1/people/${ann.id}/links`, { personId: bob.id })
    expect(await names('bob')).toEqual(['Bob_Smith@reddit', 'ann@reddit', 'bobXsmith@reddit'].sort())
    for (const bad of ['', '   ', 'x'.repeat(101)]) {
      const r = await api<{ error: { code: string } }>('GET', `/api/v1/people?author=${encodeURIComponent(bad)}`)
      expect({ bad, status: r.status, code: r.body.error.code }).toEqual({ bad, status: 400, code: 'invalid_request' })
    }
  })
})

/**
 * The setup's team with two more accounts (made unless twitter's ann, which the setup has), both linked into reddit's
 * ann, and the people export read as CSV.
 */
async function linkedAndExported(first: [string, string], second: [string, string]) {
  const { api, deps, team } = await setup()
  const fresh = [first, second].filter(([platform]) => platform !== 'twitter')
  await deps.repos.signals.insertMany(
    team.id,
    fresh.map(([platform, author]) => signalRow(team.id, { platform, author })),
  )
  const page = (await api<Page>('GET', '/api/v1/people')).body
  const reddit = find(page, 'reddit', 'ann')
  const [one, two] = [find(page, ...first), find(page, ...second)]
  await api('POST', `/api/v1/people/${reddit.id}/links`, { personId: one.id })
  await api('POST', `/api/v1/people/${reddit.id}/links`, { personId: two.id })
  const csv = parseCsv((await api<string>('GET', '/api/v1/people/export?format=csv')).body)
  return { api, page, reddit, linked: [one, two], csv }
}

describe('mute, the threshold and the export', () => {
  test('a muted person leaves the list (include=muted shows them) and their later signals are stored dismissed', async () => {
    const { deps, team, api } = await setup()
    const bob = find((await api<Page>('GET', '/api/v1/people')).body, 'hackernews', 'bob')
    expect((await api<Detail>('PUT', `/api/v1/people/${bob.id}/mute`, { muted: true })).body.person.muted).toBe(true)
    expect((await api<Page>('GET', '/api/v1/people')).body.total).toBe(3)
    expect((await api<Page>('GET', '/api/v1/people?include=muted')).body.total).toBe(4)
    await deps.repos.signals.insertMany(team.id, [signalRow(team.id, { author: 'bob', platform: 'hackernews' })])
    const rs = await deps.database.client.execute({
      sql: 'select dismissed from signals where person_id = ? order by published_at',
      args: [bob.id],
    })
    expect(rs.rows.map((r) => Number(r.dismissed))).toEqual([0, 1])
    await api('PUT', `/api/v1/people/${bob.id}/mute`, { muted: false })
    expect((await api<Page>('GET', '/api/v1/people')).body.total).toBe(4)
  })

  test('the heat threshold reads 70, takes a whole number from 1 to 100 and refuses anything else unchanged', async () => {
    const { api } = await setup()
    const path = '/api/v1/people/heat-threshold'
    expect((await api('GET', path)).body).toEqual({ heatThreshold: 70 })
    expect((await api('PUT', path, { heatThreshold: 55 })).body).toEqual({ heatThreshold: 55 })
    for (const bad of [0, 101, 5.5, '60', null]) {
      const r = await api<{ error: { code: string; message: string } }>('PUT', path, { heatThreshold: bad })
      expect(r.status).toBe(400)
      expect(r.body.error.message).toContain('whole number from 1 to 100')
    }
    expect((await api('GET', path)).body).toEqual({ heatThreshold: 55 })
  })

  test('the export: one row per person with the list ids, identities folded in, inert cells, the same ids again', async () => {
    // A name with a space in it must not read as two identities.
    const {
      api,
      page,
      reddit,
      linked: [twitter, github],
      csv,
    } = await linkedAndExported(['twitter', 'ann'], ['github', 'eve smith'])
    expect(csv[0]?.slice(0, 5)).toEqual(['id', 'platform', 'author', 'profileUrl', 'identities'])
    const rows = csv.slice(1)
    expect(rows.map((r) => r[0]).sort()).toEqual(
      page.people
        .map((p) => p.id)
        .filter((id) => id !== twitter.id && id !== github.id)
        .sort(),
    )
    expect(
      rows
        .find((r) => r[0] === reddit.id)?.[4]
        ?.split(' ')
        .sort(),
    ).toEqual(['github:eve%20smith', 'twitter:ann'])
    expect(rows.map((r) => r[2])).toContain(`'=HYPERLINK("x")`)
    const jsonl = (await api<string>('GET', '/api/v1/people/export?format=jsonl')).body
    const lines = String(jsonl)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines.map((l) => l.id)).toEqual(rows.map((r) => r[0]))
    expect((await api<string>('GET', '/api/v1/people/export?format=jsonl')).body).toBe(jsonl)
    expect((await api('GET', '/api/v1/people/export?format=xml')).status).toBe(400)
  })

  test('a name that forces a direction of writing cannot turn the other identities of the cell around', async () => {
    // U+202E: a spreadsheet shows what follows it right to left, to the end of the cell: "twitter:bob" would read
    // "bob:rettiwt", and the identity before it swapped with it.
    const { api, reddit, csv } = await linkedAndExported(['github', 'eve\u202Egnp.exe'], ['bluesky', '\u2067bob\u2069'])
    const cell = csv.find((r) => r[0] === reddit.id)?.[4] as string
    expect(cell).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/u)
    expect(cell.split(' ').sort()).toEqual(['bluesky:%E2%81%A7bob%E2%81%A9', 'github:eve%E2%80%AEgnp.exe'])
    const line = (await api<string>('GET', '/api/v1/people/export?format=jsonl')).body
      .split('\n')
      .find((l) => l.includes(reddit.id)) as string
    expect(JSON.parse(line).identities).toBe(cell)
  })

  test('a second import adds to the figures of the people it names what summing every signal again gives', async () => {
    const { deps, team } = await setup()
    await deps.repos.signals.insertMany(team.id, [
      signalRow(team.id, {
        author: 'ann',
        platform: 'reddit',
        score: 9.5,
        intent: 'COMPETITOR',
        publishedAt: daysAgo(0),
      }),
      signalRow(team.id, { author: 'bob', platform: 'hackernews', score: 2, publishedAt: daysAgo(60) }),
      signalRow(team.id, { author: 'new', platform: 'github', score: 7, icpMatch: 'Agencies' }),
    ])
    const read = async () =>
      (
        await deps.database.client.execute(
          'select id, platform, author, signal_count, best_score, best_intent, icp_matched, first_seen, last_seen from people order by id',
        )
      ).rows.map((r) => ({ ...r }))
    const added = await read()
    expect(added.find((p) => p.platform === 'reddit' && p.author === 'ann')).toMatchObject({
      signal_count: 3,
      best_score: 9.5,
      best_intent: 'COMPETITOR',
    })
    await deps.database.client.execute(`update people set ${FIGURES_SET}`)
    expect(await read()).toEqual(added)
  })
})

// docs/people.md over HTTP: the list by heat with the signals filters, a person and their posts, paging, muted people
// listed on asking, and finding a person by name. Links: people-links.test.ts; heat, mute and the export:
// people-heat-export.test.ts.
import { describe, expect, test } from 'bun:test'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { signalRow } from '../support/webhooks'
import { daysAgo, type Detail, find, heatOf, NOW, type Page, setup } from '../support/people-api'

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

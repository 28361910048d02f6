// docs/people.md over HTTP: heat and verdicts, mute, the threshold, and the CRM export with stable ids.
import { describe, expect, test } from 'bun:test'
import { parseCsv } from '../support/exports'
import { FIGURES_SET } from '../../src/storage/repos/people-figures'
import { signalRow } from '../support/webhooks'
import { daysAgo, type Detail, find, heatOf, NOW, type Page, setup } from '../support/people-api'

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

// docs/people.md from polling passes over two platforms: people made as signals are stored, a hand-made link that
// later signals follow, mute keeping a person's new posts out of every alert, and person.updated once per crossing.
import { describe, expect, test } from 'bun:test'
import type { Deps } from '../../src/deps'
import { addIcp } from '../../src/domain/icps/icps'
import { linkPerson, listPeople, mutePerson, setHeatThreshold } from '../../src/domain/people/people'
import { createEndpoint } from '../../src/domain/webhooks/endpoints'
import { runPollPass } from '../../src/jobs/poll-pass'
import { FIGURES_SET } from '../../src/storage/repos/people-figures'
import { buying, DAY, peoplePasses } from '../support/people-passes'
import { endpointInput } from '../support/webhooks'

async function setup() {
  const { deps, clock, world, teamId } = await peoplePasses()
  await addIcp(deps, {
    teamId,
    name: 'Small sales teams',
    description: 'teams replacing spreadsheets with a CRM',
  })
  // A pass a day, and posts published half a day before it: each keyword is searched again every pass.
  const pass = async () => {
    clock.set(new Date(clock.now().getTime() + DAY))
    return runPollPass(deps)
  }
  const at = () => new Date(clock.now().getTime() + DAY / 2).toISOString()
  return { deps, clock, world, teamId, pass, at }
}

const people = async (deps: Deps, teamId: string) =>
  (await listPeople(deps, teamId, { limit: 100, offset: 0 })).people.map((p) => ({
    key: `${p.platform}:${p.author}`,
    id: p.id,
    signals: p.signals,
    identities: p.identities.map((i) => `${i.platform}:${i.author}`),
  }))

const rows = async (deps: Deps, sql: string, args: (string | number)[]) => {
  const rs = await deps.database.client.execute({ sql, args })
  return rs.rows.map((r) => Object.fromEntries(rs.columns.map((c) => [c, r[c]])))
}

describe('people from polling passes', () => {
  test('each author on each platform is a person; a link made by hand holds for the signals that come after it', async () => {
    const { deps, world, teamId, pass, at } = await setup()
    world.add('hackernews', 'crm', { id: 'h1', author: 'ann', text: buying(1), at: at() })
    world.add('reddit', 'crm', { id: 'r1', author: 'ann', text: buying(2), at: at() })
    world.add('reddit', 'crm', { id: 'r2', author: 'cy', text: buying(3), at: at() })
    await pass()
    const first = await people(deps, teamId)
    expect(first.map((p) => p.key).sort()).toEqual(['hackernews:ann', 'reddit:ann', 'reddit:cy'])
    const id = (key: string) => first.find((p) => p.key === key)?.id as string
    const stored = await rows(deps, 'select post_id, person_id from signals where team_id = ? order by post_id', [
      teamId,
    ])
    expect(stored).toEqual([
      { post_id: 'hackernews:h1', person_id: id('hackernews:ann') },
      { post_id: 'reddit:r1', person_id: id('reddit:ann') },
      { post_id: 'reddit:r2', person_id: id('reddit:cy') },
    ])

    await linkPerson(deps, teamId, id('hackernews:ann'), id('reddit:ann'))
    world.add('reddit', 'crm', { id: 'r3', author: 'ann', text: buying(4), at: at() })
    await pass()
    const r3 = await rows(deps, 'select person_id from signals where post_id = ?', ['reddit:r3'])
    expect(r3).toEqual([{ person_id: id('hackernews:ann') }])
    // What each pass added to the figures is what summing every signal again gives.
    const figures =
      'select id, signal_count, best_score, best_intent, icp_matched, first_seen, last_seen from people order by id'
    const added = await rows(deps, figures, [])
    await deps.database.client.execute(`update people set ${FIGURES_SET}`)
    expect(await rows(deps, figures, [])).toEqual(added)
    expect(await people(deps, teamId)).toContainEqual({
      key: 'hackernews:ann',
      id: id('hackernews:ann'),
      signals: 3,
      identities: ['reddit:ann'],
    })
  })

  test("a muted person's new posts are stored dismissed and reach no destination", async () => {
    const { deps, world, teamId, pass, at } = await setup()
    await createEndpoint(deps, { teamId, input: endpointInput('https://93.184.215.14/hook') })
    world.add('hackernews', 'crm', { id: 'h1', author: 'ann', text: buying(1), at: at() })
    await pass()
    const [ann] = await people(deps, teamId)
    await mutePerson(deps, teamId, ann?.id as string, true)
    world.add('hackernews', 'crm', { id: 'h2', author: 'ann', text: buying(2), at: at() })
    await pass()
    expect(await rows(deps, 'select post_id, dismissed from signals order by post_id', [])).toEqual([
      { post_id: 'hackernews:h1', dismissed: 0 },
      { post_id: 'hackernews:h2', dismissed: 1 },
    ])
    const sent = await rows(deps, "select signal_id from webhook_deliveries where event = 'signal.created'", [])
    const h1 = await rows(deps, "select id from signals where post_id = 'hackernews:h1'", [])
    expect(sent).toEqual([{ signal_id: h1[0]?.id }])
  })

  test('person.updated: once when a person turns hot, not while they stay hot, again after cooling and a new post', async () => {
    const { deps, world, teamId, pass, at, clock } = await setup()
    await setHeatThreshold(deps, teamId, 75)
    await createEndpoint(deps, {
      teamId,
      input: endpointInput('https://93.184.215.14/crm', { event: 'person.updated' }),
    })
    const events = async () =>
      (await rows(deps, "select payload from webhook_deliveries where event = 'person.updated'", [])).map(
        (d) => JSON.parse(String(d.payload)).data.person,
      )
    world.add('hackernews', 'crm', { id: 'h1', author: 'ann', text: buying(1), at: at() })
    await pass()
    const [first] = await events()
    expect(first).toMatchObject({ platform: 'hackernews', author: 'ann', threshold: 75, signals: 1 })
    expect(first.heat).toBeGreaterThanOrEqual(75)

    world.add('hackernews', 'crm', { id: 'h2', author: 'ann', text: buying(2), at: at() })
    await pass()
    expect(await events()).toHaveLength(1)

    // Forty days without a post: no recency left, so at most 5 × 10 + 6 + 10 = 66, under 75. Cooling sends nothing.
    clock.set(new Date(clock.now().getTime() + 40 * DAY))
    const [cooled] = (await listPeople(deps, teamId, { limit: 1, offset: 0 })).people
    expect(cooled?.heat).toBeLessThan(75)
    expect(await events()).toHaveLength(1)
    // A new post today: hot again, and a second event.
    world.add('hackernews', 'crm', {
      id: 'h3',
      author: 'ann',
      text: buying(3),
      at: new Date(clock.now().getTime() - 3_600_000).toISOString(),
    })
    await runPollPass(deps)
    const all = await events()
    expect(all).toHaveLength(2)
    expect(all[1]).toMatchObject({ signals: 3 })
    expect(all[1].heat).toBeGreaterThanOrEqual(75)
  })

  // docs/people.md#person-updated: "a person already hot when the first one is added is announced with their next
  // signal"; docs/people.md#the-threshold: a new threshold applies from the next signal stored.
  test('person.updated: someone already hot when the destination is added, or over a lowered threshold, is announced at their next post', async () => {
    const { deps, world, teamId, pass, at } = await setup()
    const events = async () =>
      (await rows(deps, "select payload from webhook_deliveries where event = 'person.updated'", [])).map(
        (d) => JSON.parse(String(d.payload)).data.person.author,
      )
    world.add('hackernews', 'crm', { id: 'h1', author: 'ann', text: buying(1), at: at() })
    await pass()
    expect((await listPeople(deps, teamId, { limit: 1, offset: 0 })).people[0]?.band).toBe('hot')
    await createEndpoint(deps, {
      teamId,
      input: endpointInput('https://93.184.215.14/crm', { event: 'person.updated' }),
    })
    await setHeatThreshold(deps, teamId, 100)
    world.add('hackernews', 'crm', { id: 'h2', author: 'bo', text: buying(2), at: at() })
    await pass()
    expect(await events()).toEqual([])
    world.add('hackernews', 'crm', { id: 'h3', author: 'ann', text: buying(3), at: at() })
    world.add('hackernews', 'crm', { id: 'h4', author: 'bo', text: buying(4), at: at() })
    await setHeatThreshold(deps, teamId, 70)
    await pass()
    expect((await events()).sort()).toEqual(['ann', 'bo'])
  })

  // docs/people.md#mute: a muted person sends no person.updated, and unmuting "undoes it for what comes next": someone
  // hot whose post came while muted was marked as told, and their next post after unmuting said nothing.
  test('person.updated: someone over the threshold whose post came while muted is announced at their next post after unmuting', async () => {
    const { deps, world, teamId, pass, at } = await setup()
    await createEndpoint(deps, {
      teamId,
      input: endpointInput('https://93.184.215.14/crm', { event: 'person.updated' }),
    })
    const events = async () =>
      (await rows(deps, "select payload from webhook_deliveries where event = 'person.updated'", [])).length
    await setHeatThreshold(deps, teamId, 100)
    world.add('hackernews', 'crm', { id: 'h1', author: 'ann', text: buying(1), at: at() })
    await pass()
    const [ann] = await people(deps, teamId)
    await mutePerson(deps, teamId, ann?.id as string, true)
    await setHeatThreshold(deps, teamId, 70)
    world.add('hackernews', 'crm', { id: 'h2', author: 'ann', text: buying(2), at: at() })
    await pass()
    expect(await events()).toBe(0)
    await mutePerson(deps, teamId, ann?.id as string, false)
    world.add('hackernews', 'crm', { id: 'h3', author: 'ann', text: buying(3), at: at() })
    await pass()
    expect(await events()).toBe(1)
  })

  // docs/platforms.md#overview: a post a platform dates years ahead (a wrong clock) is stored as fetched, so it
  // neither keeps its author "seen today" until then nor holds the keyword's cursor there, hiding the posts after it.
  test('a post dated years ahead is stored as fetched: its author cools, and later posts still come in', async () => {
    const { deps, clock, world, teamId, pass, at } = await setup()
    const person = async (author: string) =>
      (await listPeople(deps, teamId, { limit: 100, offset: 0 })).people.find((p) => p.author === author)
    // 2062 for 2026; and one a minute after the pass, which is clock skew and keeps its date.
    world.add('hackernews', 'crm', { id: 'h1', author: 'ann', text: buying(1), at: '2062-11-15T09:00:00.000Z' })
    const fetchedAt = new Date(clock.now().getTime() + DAY).toISOString()
    const skewed = new Date(clock.now().getTime() + DAY + 60_000).toISOString()
    world.add('hackernews', 'crm', { id: 'h2', author: 'bo', text: buying(2), at: skewed })
    await pass()
    const stored = await rows(deps, 'select post_id, published_at from signals where team_id = ? order by post_id', [
      teamId,
    ])
    expect(stored).toEqual([
      { post_id: 'hackernews:h1', published_at: fetchedAt },
      { post_id: 'hackernews:h2', published_at: skewed },
    ])
    expect((await person('ann'))?.lastSeen).toBe(fetchedAt)

    // Forty days on, ann was last seen forty days ago: her heat has lost its quarter for recency.
    const heatThen = (await person('ann'))?.heat as number
    clock.set(new Date(clock.now().getTime() + 40 * DAY))
    expect((await person('ann'))?.heat).toBe(heatThen - 25)

    // A post of the next pass is newer than anything the cursor saw: the 2062 one did not hold it in 2062.
    world.add('hackernews', 'crm', { id: 'h3', author: 'cy', text: buying(3), at: at() })
    await pass()
    expect((await person('cy'))?.signals).toBe(1)
  })
})

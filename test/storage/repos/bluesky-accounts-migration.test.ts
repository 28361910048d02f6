// docs/people.md#renamed-accounts: before 0033 the Bluesky stream named its people by DID (Jetstream's `did`) and
// searches by handle, each a person kept by name; then both kept the account (the DID) as a person's id. A database
// from then has, for one account, a person by DID, one by handle and the account's own: 0033 makes them one person and
// lets the account's later posts find them, under any handle.
import { expect, test } from 'bun:test'
import { migrations } from '../../../drizzle/migrations'
import { forgetPerson } from '../../../src/domain/people/forget'
import { getPerson, listPeople } from '../../../src/domain/people/people'
import { signalFromMention } from '../../../src/domain/signals/from-mention'
import { accountPersonId } from '../../../src/storage/repos/account-id'
import { FIGURES_SET, personIdOf } from '../../../src/storage/repos/people-figures'
import { migrate } from '../../../src/storage/migrate'
import { asBeforeMigration } from '../../support/before-migration'
import { seedTeam, testDeps } from '../../support/deps'

const TAG = '0033_bluesky_accounts'
const NOW = '2026-11-15T12:00:00.000Z'
const ANN = 'did:plc:annannannannannannannann'
const BOB = 'did:plc:bobbobbobbobbobbobbobbob'
const CAT = 'did:plc:catcatcatcatcatcatcatcat'

async function setup() {
  const { deps } = await testDeps({ now: NOW })
  const { team } = await seedTeam(deps)
  const { team: other } = await seedTeam(deps, { name: 'Other' })
  const client = deps.database.client
  const from = await asBeforeMigration(client, TAG)
  // Rows as the version before wrote them: a person by name (personIdOf) or by account (accountPersonId).
  const person = async (teamId: string, id: string, author: string, a: { muted?: boolean; at?: string } = {}) => {
    await client.execute({
      sql: `insert into people (id, team_id, platform, author, profile_url, muted, created_at)
        values (?, ?, 'bluesky', ?, ?, ?, ?)`,
      args: [id, teamId, author, `https://bsky.app/profile/${author}`, a.muted ? 1 : 0, a.at ?? NOW],
    })
    return id
  }
  let n = 0
  const signal = async (teamId: string, personId: string, did: string, author: string, score: number) => {
    const id = `sig_${++n}`
    await client.execute({
      sql: `insert into signals (id, team_id, platform, post_id, author, intent, score, reason, preview, url, keyword,
          published_at, detected_at, person_id)
        values (?, ?, 'bluesky', ?, ?, 'ACTIVE', ?, 'asks for a CRM', 'We need a CRM', ?, 'crm', ?, ?, ?)`,
      args: [
        id,
        teamId,
        `bluesky:at://${did}/app.bsky.feed.post/r${n}`,
        author,
        score,
        `https://bsky.app/profile/${did}/post/r${n}`,
        `2026-11-1${n % 5}T10:00:00.000Z`,
        NOW,
        personId,
      ],
    })
    return id
  }
  // Their figures, as each store of signals kept them.
  const summed = () => client.execute(`update people set ${FIGURES_SET}`)
  return { deps, client, teamId: team.id, otherId: other.id, from, person, signal, summed }
}

// As the stream now stores a post (jetstream-event.ts, the handle from the AppView: profile-names.ts).
const streamed = (teamId: string, did: string, handle: string, n: number) =>
  signalFromMention({
    teamId,
    keyword: 'crm',
    mention: {
      id: `bluesky:at://${did}/app.bsky.feed.post/later${n}`,
      author: handle,
      authorId: did,
      content: 'We need a CRM',
      url: `https://bsky.app/profile/${did}/post/later${n}`,
      profileUrl: `https://bsky.app/profile/${did}`,
      date: NOW,
      platform: 'bluesky',
      engagement: { likes: 0, comments: 0, shares: 0 },
    },
    score: { score: 9, intent: 'ACTIVE', icpMatch: null, reason: 'asks for a CRM' },
  })

test(`${TAG}: an account's person by DID, by handle and by account become one, nothing lost`, async () => {
  const { deps, client, teamId, otherId, from, person, signal, summed } = await setup()
  const byDid = await person(teamId, personIdOf({ teamId, platform: 'bluesky', author: ANN }), ANN, {
    at: '2026-11-10T00:00:00.000Z',
  })
  const byHandle = await person(
    teamId,
    personIdOf({ teamId, platform: 'bluesky', author: 'ann.bsky.social' }),
    'ann.bsky.social',
    { muted: true, at: '2026-11-11T00:00:00.000Z' },
  )
  const byAccount = await person(
    teamId,
    accountPersonId({ teamId, platform: 'bluesky', authorId: ANN }),
    'ann.example.com',
    { at: '2026-11-12T00:00:00.000Z' },
  )
  const judged = await signal(teamId, byDid, ANN, ANN, 6)
  await signal(teamId, byDid, ANN, ANN, 5)
  await signal(teamId, byHandle, ANN, 'ann.bsky.social', 9)
  await signal(teamId, byAccount, ANN, 'ann.example.com', 7)
  await client.execute({
    sql: `insert into signal_feedback (signal_id, team_id, keyword_lc, verdict, score, intent, judged_at)
      values (?, ?, 'crm', 'relevant', 6, 'ACTIVE', ?)`,
    args: [judged, teamId, NOW],
  })
  // Another team's person of the same account is that team's own.
  const elsewhere = await person(otherId, personIdOf({ teamId: otherId, platform: 'bluesky', author: ANN }), ANN)
  await signal(otherId, elsewhere, ANN, ANN, 4)
  await summed()
  const { rows: before } = await client.execute('select count(*) from people')

  expect(await migrate(client)).toEqual(migrations.slice(from).map((m) => m.tag))

  expect((await client.execute('select count(*) from people')).rows[0][0]).toBe(before[0][0])
  const { rows } = await client.execute({
    sql: 'select distinct person_id from signals where team_id = ?',
    args: [teamId],
  })
  // The person made last of those shown by a handle leads (the account's own); the others are its identities, muted as
  // one of them was.
  expect(rows.map((r) => r[0])).toEqual([byAccount])
  const lead = (await getPerson(deps, teamId, byDid)).person
  expect(lead.id).toBe(byAccount)
  expect(lead.author).toBe('ann.example.com')
  expect(lead.signals).toBe(4)
  expect(lead.bestScore).toBe(9)
  expect(lead.muted).toBe(true)
  const { rows: gave } = await client.execute({
    sql: 'select signal_count, best_score, last_seen from people where id in (?, ?)',
    args: [byDid, byHandle],
  })
  expect(gave.map((r) => [r.signal_count, r.best_score, r.last_seen])).toEqual([
    [0, 0, null],
    [0, 0, null],
  ])
  expect(lead.identities.map((i: { id: string }) => i.id).sort()).toEqual([byHandle, byDid].sort())
  const verdicts = await client.execute('select signal_id from signal_feedback')
  expect(verdicts.rows.map((r) => r[0])).toEqual([judged])
  expect((await getPerson(deps, otherId, elsewhere)).person.signals).toBe(1)
  // A later post of the account, under yet another handle, is theirs, and they show that handle.
  await deps.repos.signals.insertMany(teamId, [streamed(teamId, ANN, 'ann.dev', 1)])
  const after = (await getPerson(deps, teamId, byDid)).person
  expect([after.id, after.author, after.signals]).toEqual([byAccount, 'ann.dev', 4])
  const { rows: later } = await client.execute("select person_id from signals where post_id like '%later1'")
  expect(later[0][0]).toBe(byAccount)
  deps.database.client.close()
})

test(`${TAG}: a person the stream made by DID takes the handle of the account's next post, and stays one person`, async () => {
  const { deps, client, teamId, person, signal, summed } = await setup()
  const bob = await person(teamId, personIdOf({ teamId, platform: 'bluesky', author: BOB }), BOB)
  await signal(teamId, bob, BOB, BOB, 6)
  // A handle-named person whose posts came from two accounts in turn is given none of them.
  const shared = await person(
    teamId,
    personIdOf({ teamId, platform: 'bluesky', author: 'cat.bsky.social' }),
    'cat.bsky.social',
  )
  await signal(teamId, shared, CAT, 'cat.bsky.social', 6)
  await signal(teamId, shared, BOB, 'cat.bsky.social', 6)
  await summed()
  await migrate(client)

  await deps.repos.signals.insertMany(teamId, [streamed(teamId, BOB, 'bob.bsky.social', 1)])
  const people = (await listPeople(deps, teamId, { limit: 100, offset: 0 })).people
  expect(people.map((p: { author: string; signals: number }) => `${p.author} ${p.signals}`).sort()).toEqual([
    'bob.bsky.social 2',
    'cat.bsky.social 2',
  ])
  expect((await getPerson(deps, teamId, bob)).person.author).toBe('bob.bsky.social')
  deps.database.client.close()
})

test(`${TAG}: a person the stream made by DID, forgotten after taking a handle, stays out under the next one`, async () => {
  const { deps, client, teamId, person, signal, summed } = await setup()
  const bob = await person(teamId, personIdOf({ teamId, platform: 'bluesky', author: BOB }), BOB)
  await signal(teamId, bob, BOB, BOB, 6)
  await summed()
  await migrate(client)
  await deps.repos.signals.insertMany(teamId, [streamed(teamId, BOB, 'bob.bsky.social', 1)])
  await forgetPerson(deps, teamId, bob)

  await deps.repos.signals.insertMany(teamId, [streamed(teamId, BOB, 'bob.example.com', 2)])
  const { rows } = await client.execute('select count(*) from signals')
  expect(rows[0][0]).toBe(0)
  expect((await client.execute('select count(*) from people')).rows[0][0]).toBe(0)
  deps.database.client.close()
})

// docs/console.md#people: "Find an account by name" on a person's page offers every account of the team whose name
// holds the text, so that any of them can be linked: a person whose every post was judged not relevant, muted or not,
// is not in the People list unless searched by name (docs/people.md#heat) but is still an account to link.
import { beforeAll, describe, expect, test } from 'bun:test'
import { createApp } from '../../../src/app'
import type { Deps } from '../../../src/deps'
import { rateSignal } from '../../../src/domain/feedback/rate'
import { createUser } from '../../../src/domain/users/users'
import { seedTeam, testDeps } from '../../support/deps'
import { consoleCookie } from '../../support/exports'
import { signalRow } from '../../support/webhooks'

const PASSWORD = 'correct horse battery'
let deps: Deps
let app: ReturnType<typeof createApp>
let cookie: string
type Page = { people: { id: string; platform: string; author: string }[] }

beforeAll(async () => {
  ;({ deps } = await testDeps())
  const { team } = await seedTeam(deps, { name: 'acme' })
  const other = await seedTeam(deps, { name: 'other' })
  const rows = [
    signalRow(team.id, { author: 'ann_ops', platform: 'reddit', score: 9 }),
    // Ann on Bluesky: a pitch of hers judged not relevant, the only post the team has of that account.
    signalRow(team.id, { author: 'ann.ops.bsky.social', platform: 'bluesky', score: 8 }),
    signalRow(team.id, { author: 'annika', platform: 'hackernews', score: 4 }),
  ]
  await deps.repos.signals.insertMany(team.id, rows)
  await deps.repos.signals.insertMany(other.team.id, [signalRow(other.team.id, { author: 'ann_elsewhere' })])
  await rateSignal(deps, team.id, { id: rows[1].id, verdict: 'not_relevant' })
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  app = createApp(deps)
  cookie = await consoleCookie((r) => app.handle(r), { email: 'ann@acme.test', password: PASSWORD })
})

const get = async (path: string) => {
  const res = await app.handle(new Request(`http://localhost${path}`, { headers: { cookie } }))
  return { status: res.status, body: (await res.json()) as Page }
}
const names = (p: Page) => p.people.map((x) => `${x.platform}:${x.author}`).sort()

describe("the accounts a person's page offers to link", () => {
  test('every account of the team whose name holds the text, one whose every post was dismissed too', async () => {
    const found = await get('/console/api/people/accounts?author=ANN')
    expect(found.status).toBe(200)
    expect(names(found.body)).toEqual(['bluesky:ann.ops.bsky.social', 'hackernews:annika', 'reddit:ann_ops'])
    // Without a name: the team's accounts (another team's left out), that one among them.
    expect(names((await get('/console/api/people/accounts')).body)).toEqual([
      'bluesky:ann.ops.bsky.social',
      'hackernews:annika',
      'reddit:ann_ops',
    ])
    // The People list leaves them out (docs/people.md#heat), unless asked for by name (#listing-people).
    expect(names((await get('/console/api/people?include=muted')).body)).toEqual([
      'hackernews:annika',
      'reddit:ann_ops',
    ])
    expect(names((await get('/console/api/people?author=ann')).body)).toEqual(names(found.body))
  })

  test('found, that account links: it leaves the choices, as an identity of the person', async () => {
    const all = (await get('/console/api/people/accounts?author=ann')).body.people
    const into = all.find((p) => p.author === 'ann_ops')?.id as string
    const bsky = all.find((p) => p.platform === 'bluesky')?.id as string
    const linked = await app.handle(
      new Request(`http://localhost/console/api/people/${into}/links`, {
        method: 'POST',
        headers: { cookie, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
        body: JSON.stringify({ personId: bsky }),
      }),
    )
    expect(linked.status).toBe(200)
    expect(names((await get('/console/api/people/accounts?author=bsky')).body)).toEqual(['reddit:ann_ops'])
  })

  test('a name of more than 100 characters, or another field, is refused', async () => {
    expect((await get(`/console/api/people/accounts?author=${'a'.repeat(101)}`)).status).toBe(400)
    expect((await get('/console/api/people/accounts?keyword=x')).status).toBe(400)
  })
})

// docs/people.md#forget and #renamed-accounts: an X person is their account (its user id), so forgetting them keeps the
// account out under any name: one that renames itself after the forget and posts again is not stored, and does not come
// back under the person id a CRM matched the forgotten record on. The fake answers X's recent search in its documented
// shape (docs/platforms.md: the author_id expansion, includes.users holding each author's id and username).
import { afterEach, expect, test } from 'bun:test'
import type { Deps } from '../../src/deps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { runPollPass } from '../../src/jobs/poll-pass'
import { signalFromMention } from '../../src/domain/signals/from-mention'
import { importSignals } from '../../src/domain/signals/import'
import { bytesLines } from '../../src/domain/signals/line-source'
import { seedTeam, testDeps } from '../support/deps'
import { fakeUpstream } from '../support/fake-upstream'
import { client } from '../support/http'

const running: { stop(): void }[] = []
afterEach(() => {
  while (running.length) running.pop()?.stop()
})

const NOW = '2026-11-15T12:00:00.000Z'
const buying = (n: number) =>
  `We are looking for a CRM to replace our spreadsheets, can anyone recommend one? Budget approved (${n}).`

type Post = { n: number; userId: string; username: string }
// What X answers now: the posts of `answer`, each author once in includes.users.
function x(answer: { posts: Post[] }) {
  return fakeUpstream(() =>
    Response.json({
      data: answer.posts.map((p) => ({
        id: `17900000000000000${p.n}`,
        text: buying(p.n),
        author_id: p.userId,
        created_at: new Date(Date.parse(NOW) - 3_600_000 + p.n * 60_000).toISOString(),
      })),
      includes: { users: answer.posts.map((p) => ({ id: p.userId, username: p.username, name: p.username })) },
      meta: { result_count: answer.posts.length },
    }),
  )
}

const rows = async (deps: Deps, sql: string, args: string[]) =>
  (await deps.database.client.execute({ sql, args })).rows.map((r) => String(r[0]))

// A team polling X for crm, whose pass stored a post of account 42 as ann; ann then forgotten.
async function annForgotten() {
  const answer = { posts: [{ n: 1, userId: '42', username: 'ann' }] as Post[] }
  const fake = x(answer)
  running.push(fake)
  const { deps } = await testDeps({
    now: NOW,
    config: {
      plans: { poller: { api_access: true, monthly_requests: 500, platforms: ['twitter'] } },
      platforms: { twitter: { base_url: fake.origin, bearer_token: 'AAAA-bearer' } },
    },
  })
  const { team, apiKey } = await seedTeam(deps, { name: 'acme', plan: 'poller' })
  await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
  await runPollPass(deps)
  const call = client(deps)
  const [ann] = (await call('GET', '/api/v1/people', { key: apiKey })).body.people
  expect(ann.author).toBe('ann')
  expect((await call('DELETE', `/api/v1/people/${ann.id}`, { key: apiKey })).status).toBe(204)
  return { answer, deps, team, apiKey, call, ann }
}

test('a forgotten X account that renames itself is kept out under its new name, and its id does not come back', async () => {
  const { answer, deps, team, ann } = await annForgotten()

  // Account 42 is now ann_2026; account 7 posts too.
  answer.posts = [
    { n: 2, userId: '42', username: 'ann_2026' },
    { n: 3, userId: '7', username: 'bob' },
  ]
  const summary = await runPollPass(deps)
  expect(summary.platforms.twitter).toMatchObject({ forgotten: 1, qualified: 1 })
  expect(await rows(deps, 'select author from signals where team_id = ?', [team.id])).toEqual(['bob'])
  expect(await rows(deps, 'select author from people where team_id = ?', [team.id])).toEqual(['bob'])

  // A post of the renamed account a pass scored before the forget: the store's own check keeps it out too.
  const late = signalFromMention({
    teamId: team.id,
    keyword: 'crm',
    mention: {
      id: 'twitter:179000000000000009',
      author: 'ann_again',
      authorId: '42',
      content: buying(9),
      url: 'https://x.com/ann_again/status/179000000000000009',
      profileUrl: 'https://x.com/ann_again',
      date: NOW,
      platform: 'twitter',
      engagement: { likes: 0, comments: 0, shares: 0 },
    },
    score: { score: 8, intent: 'ACTIVE', icpMatch: null, reason: 'asks for a CRM' },
  })
  expect(await deps.repos.signals.insertMany(team.id, [late])).toBe(0)
  expect(await rows(deps, 'select id from people where team_id = ? and id = ?', [team.id, ann.id])).toEqual([])
})

test("another X account that takes a forgotten account's old name is a person of its own; an import of the name is not", async () => {
  const { answer, deps, team, apiKey, call, ann } = await annForgotten()

  // Account 42 went on as ann_2026; account 99 took the name ann, and posts as 42 does.
  answer.posts = [
    { n: 2, userId: '42', username: 'ann_2026' },
    { n: 3, userId: '99', username: 'ann' },
  ]
  expect((await runPollPass(deps)).platforms.twitter).toMatchObject({ forgotten: 1, qualified: 1 })
  const people = (await call('GET', '/api/v1/people', { key: apiKey })).body.people
  expect(people.map((p: { id: string; author: string }) => p.author)).toEqual(['ann'])
  expect(people[0].id).not.toBe(ann.id)
  expect(await rows(deps, 'select post_id from signals where team_id = ?', [team.id])).toEqual([
    'twitter:179000000000000003',
  ])

  // A signals import carries no account id: a line of the name is the forgotten account's as far as it can tell.
  const line = JSON.stringify({
    postId: 'x-9',
    author: 'ann',
    platform: 'twitter',
    intent: 'ACTIVE',
    score: 9,
    reason: 'asks for a CRM',
    content: buying(9),
    url: 'https://x.com/ann/status/9',
    keyword: 'crm',
    publishedAt: '2026-11-01T10:00:00Z',
  })
  const imported = await importSignals(deps, {
    teamId: team.id,
    lines: bytesLines(Buffer.from(line)),
    skipInvalid: false,
  })
  expect(imported).toMatchObject({ imported: 0, forgotten: 1 })
})

// docs/people.md#who-is-a-person: a post whose author the platform does not give is stored under a stand-in name
// ("unknown") and belongs to no person: two of them on one platform make no person, no heat and no person.updated.
// The fakes answer in the platforms' documented shapes (docs/platforms.md: X's recent search without the author
// expansion, Stack Exchange questions of a deleted account).
import { afterEach, describe, expect, test } from 'bun:test'
import type { Deps } from '../../src/deps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { rateSignal } from '../../src/domain/feedback/rate'
import { forgetPerson } from '../../src/domain/people/forget'
import { listPeople } from '../../src/domain/people/people'
import { openExport } from '../../src/domain/signals/export'
import { readSignals } from '../../src/domain/signals/list'
import { createEndpoint } from '../../src/domain/webhooks/endpoints'
import { runPollPass } from '../../src/jobs/poll-pass'
import { seedTeam, testDeps } from '../support/deps'
import { parseCsv } from '../support/exports'
import { fakeUpstream } from '../support/fake-upstream'
import { endpointInput } from '../support/webhooks'

const running: { stop(): void }[] = []
afterEach(() => {
  while (running.length) running.pop()?.stop()
})

const NOW = '2026-11-15T12:00:00.000Z'
const hoursAgo = (h: number) => new Date(Date.parse(NOW) - h * 3_600_000)
const buying = (n: number) =>
  `We are looking for a CRM to replace our spreadsheets, can anyone recommend one? Budget approved (${n}).`

// X answers without includes.users when the author expansion is missing for a post (a suspended or protected author).
// Two posts whose author X left out of includes.users (a suspended or protected author), and one of a real account
// whose handle is `unknown`: the name alone cannot tell a stand-in.
const x = () =>
  fakeUpstream(() =>
    Response.json({
      data: [1, 2, 3].map((n) => ({
        id: `17900000000000000${n}`,
        text: buying(n),
        author_id: `99${n}`,
        created_at: hoursAgo(n).toISOString(),
      })),
      includes: { users: [{ id: '993', username: 'unknown', name: 'A real account' }] },
      meta: { result_count: 3 },
    }),
  )

// A deleted account's question: owner has user_type does_not_exist and a display_name, or no owner at all.
const stackExchange = () =>
  fakeUpstream(() =>
    Response.json({
      items: [1, 2].map((n) => ({
        ...(n === 1 ? { owner: { user_type: 'does_not_exist', display_name: '' } } : {}),
        is_answered: false,
        answer_count: 0,
        score: 0,
        creation_date: Math.floor(hoursAgo(n).getTime() / 1000),
        question_id: 79000000 + n,
        link: `https://stackoverflow.com/questions/${79000000 + n}/which-crm`,
        title: `Which CRM? ${n}`,
        body: `<p>${buying(n)}</p>`,
      })),
      has_more: false,
      quota_max: 10000,
      quota_remaining: 9990,
    }),
  )
async function setup() {
  const fakes = { twitter: x(), stackoverflow: stackExchange() }
  running.push(...Object.values(fakes))
  const { deps } = await testDeps({
    now: NOW,
    config: {
      plans: {
        poller: {
          api_access: true,
          monthly_requests: 500,
          platforms: ['twitter', 'stackoverflow'],
        },
      },
      platforms: {
        twitter: { base_url: fakes.twitter.origin, bearer_token: 'AAAA-bearer' },
        stackoverflow: { base_url: fakes.stackoverflow.origin },
      },
    },
  })
  const { team } = await seedTeam(deps, { name: 'a', plan: 'poller' })
  await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
  return { deps, team, teamId: team.id }
}

const rows = async (deps: Deps, sql: string) => {
  const rs = await deps.database.client.execute(sql)
  return rs.rows.map((r) => Object.fromEntries(rs.columns.map((c) => [c, r[c]])))
}

describe('posts with no known author', () => {
  test('X and Stack Overflow posts without an author are stored with no person, and make no person.updated', async () => {
    const { deps, teamId } = await setup()
    await createEndpoint(deps, {
      teamId,
      input: endpointInput('https://93.184.215.14/crm', { event: 'person.updated' }),
    })
    await runPollPass(deps)
    const real = (await listPeople(deps, teamId, { limit: 100, offset: 0, include: 'muted' })).people
    // Only the account named `unknown`, with its one post: the stand-ins' posts neither join it nor make their own.
    expect(real.map((p) => ({ key: `${p.platform}:${p.author}`, signals: p.signals }))).toEqual([
      { key: 'twitter:unknown', signals: 1 },
    ])
    expect(await rows(deps, 'select post_id, author, person_id from signals order by post_id')).toEqual([
      { post_id: 'stackoverflow:79000001', author: 'unknown', person_id: null },
      { post_id: 'stackoverflow:79000002', author: 'unknown', person_id: null },
      { post_id: 'twitter:179000000000000001', author: 'unknown', person_id: null },
      { post_id: 'twitter:179000000000000002', author: 'unknown', person_id: null },
      { post_id: 'twitter:179000000000000003', author: 'unknown', person_id: real[0]?.id },
    ])
    expect(await rows(deps, 'select count(*) as n from people')).toEqual([{ n: 1 }])
    // The real account turned hot with its one post; nothing went out for the stand-ins.
    const events = await rows(deps, "select payload from webhook_deliveries where event = 'person.updated'")
    expect(events.map((e) => JSON.parse(String(e.payload)).data.person.id)).toEqual([real[0]?.id])
  })
})

describe('a stand-in person made before this version', () => {
  test('forgotten, it keeps out no later stand-in post, and takes none waiting to be scored with it', async () => {
    const { deps, teamId } = await setup()
    // As an earlier version stored them: a person named after the stand-in, and one of its posts waiting.
    const old = 'per_0123456789abcdef01234567'
    await deps.database.client.execute({
      sql: `insert into people (id, team_id, platform, author, profile_url, created_at)
        values (?, ?, 'stackoverflow', 'unknown', '', ?)`,
      args: [old, teamId, NOW],
    })
    const waiting = {
      id: 'stackoverflow:79000009',
      author: 'unknown',
      authorKnown: false,
      content: buying(9),
      url: 'https://stackoverflow.com/questions/79000009/which-crm',
      profileUrl: '',
      date: hoursAgo(9).toISOString(),
      platform: 'stackoverflow',
      engagement: { likes: 0, comments: 0, shares: 0 },
    }
    await deps.database.client.execute({
      sql: `insert into pending_mentions (team_id, platform, post_id, keyword, mention, fetched_at)
        values (?, 'stackoverflow', ?, 'crm', ?, ?)`,
      args: [teamId, waiting.id, JSON.stringify(waiting), NOW],
    })
    await forgetPerson(deps, teamId, old)
    const summary = await runPollPass(deps)
    expect(summary.platforms.stackoverflow?.forgotten ?? 0).toBe(0)
    expect(
      await rows(deps, "select post_id, person_id from signals where platform = 'stackoverflow' order by 1"),
    ).toEqual([
      { post_id: 'stackoverflow:79000001', person_id: null },
      { post_id: 'stackoverflow:79000002', person_id: null },
      { post_id: 'stackoverflow:79000009', person_id: null },
    ])
    expect(await rows(deps, "select count(*) as n from people where platform = 'stackoverflow'")).toEqual([{ n: 0 }])
  })
})

describe('a signal with no person, wherever a signal goes', () => {
  test('the list, both exports and a verdict take personId null', async () => {
    const { deps, team, teamId } = await setup()
    await runPollPass(deps)
    const page = await readSignals(deps, team, { limit: 100, offset: 0, content: 'preview' })
    const stackoverflow = page.signals.filter((s) => s.platform === 'stackoverflow')
    expect(stackoverflow.map((s) => s.personId)).toEqual([null, null])
    const exported = async (format: 'csv' | 'jsonl') =>
      new Response((await openExport(deps, team, { format, platform: 'stackoverflow' })).body).text()
    const jsonl = (await exported('jsonl')).trim().split('\n')
    expect(jsonl.map((l) => JSON.parse(l).personId)).toEqual([null, null])
    const [header, ...records] = parseCsv(await exported('csv'))
    const column = header?.indexOf('personId') as number
    expect(records.map((r) => r[column])).toEqual(['', ''])
    // 👎 then 👍: no person's figures to change, the signal's own verdict only.
    const id = stackoverflow[0]?.id as string
    await rateSignal(deps, teamId, { id, verdict: 'not_relevant' })
    await rateSignal(deps, teamId, { id, verdict: 'relevant' })
    expect(await rows(deps, `select dismissed, person_id from signals where id = '${id}'`)).toEqual([
      { dismissed: 0, person_id: null },
    ])
  })
})

// The console's read-only routes behind the empty Signals page and the "new since your last visit" count
// (docs/console.md#routes); the Undo of a verdict is undo-verdict.test.ts.
import { describe, expect, test } from 'bun:test'
import { createApp } from '../../../src/app'
import { addKeywords } from '../../../src/domain/keywords/keywords'
import { LEASE_HOST } from '../../../src/domain/leases/holder'
import { POLL_LEASE } from '../../../src/domain/leases/polling-pass'
import { createUser } from '../../../src/domain/users/users'
import type { NewSignal } from '../../../src/storage/repos/signals'
import { seedTeam, testDeps } from '../../support/deps'

const PASSWORD = 'correct horse battery'

const signal = (teamId: string, i: number, detectedAt: string): NewSignal => ({
  id: `sig_${teamId}_${i}`,
  teamId,
  platform: 'hackernews',
  postId: `p${i}`,
  author: `author${i}`,
  intent: 'ACTIVE',
  score: 8,
  reason: 'wants a crm',
  icpMatch: null,
  preview: `post ${i}`,
  contentFull: null,
  url: `https://example.com/${i}`,
  keyword: 'crm',
  publishedAt: '2026-11-10T00:00:00.000Z',
  detectedAt,
})

async function setup(config: Parameters<typeof testDeps>[0] = {}) {
  const { deps, clock } = await testDeps(config)
  const { team } = await seedTeam(deps, { name: 'acme' })
  const other = await seedTeam(deps, { name: 'bravo' })
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  const app = createApp(deps)
  const send = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    app.handle(
      new Request(`http://localhost${path}`, {
        method,
        headers: {
          'sec-fetch-site': 'same-origin',
          ...headers,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    )
  const signedIn = await send('POST', '/console/api/session', {}, { email: 'ann@acme.test', password: PASSWORD })
  const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] as string
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await send(method, `/console/api${path}`, { cookie }, body)
    return { status: res.status, body: (await res.json()) as any }
  }
  return { deps, clock, team, other: other.team, call }
}

describe('GET /console/api/polling', () => {
  test('says when the next pass starts, and when a pass last searched one of this team’s keywords', async () => {
    const { deps, team, call } = await setup({
      config: { polling: { schedule: '*/15 * * * *' } },
      now: '2026-11-15T12:07:00.000Z',
    })
    expect((await call('GET', '/polling')).body).toEqual({
      enabled: true,
      schedule: '*/15 * * * *',
      nextPassAt: '2026-11-15T12:15:00.000Z',
      lastPassAt: null,
      passRunning: false,
      stoppedPass: null,
    })
    await addKeywords(deps, { teamId: team.id, keywords: ['CRM'] })
    const cursor = (platform: string, keywordLc: string, polledAt: string) =>
      deps.database.client.execute({
        sql: "insert into poll_cursors (platform, keyword_lc, newest_at, newest_ids, polled_at) values (?, ?, null, '[]', ?)",
        args: [platform, keywordLc, polledAt],
      })
    // Another team's keyword searched: not this team's first pass.
    await cursor('hackernews', 'erp', '2026-11-15T11:00:00.000Z')
    expect((await call('GET', '/polling')).body.lastPassAt).toBeNull()
    // A search from before the team tracked the keyword (at 12:07) kept nothing for it: not its first pass either.
    await cursor('hackernews', 'crm', '2026-11-15T11:30:00.000Z')
    expect((await call('GET', '/polling')).body.lastPassAt).toBeNull()
    await cursor('devto', 'crm', '2026-11-15T12:15:00.000Z')
    expect((await call('GET', '/polling')).body.lastPassAt).toBe('2026-11-15T12:15:00.000Z')
  })

  test('a pass whose holder no longer renews the lease is said to have stopped, and the next waits for its end', async () => {
    // Every minute; 10 s before the next: a lease left with 20 s to run keeps that one out.
    const { deps, call } = await setup({
      config: { polling: { schedule: '* * * * *' } },
      now: '2026-11-15T12:07:50.000Z',
    })
    const leases = deps.repos.jobLeases
    const polling = async () => (await call('GET', '/polling')).body
    // Lengths as the holder names them (60 s: renewed every 20 s). Renewed 25 s ago: late, not missed.
    await leases.acquire(POLL_LEASE, 'elsewhere:1:abc:60000', 35_000)
    expect(await polling()).toMatchObject({
      passRunning: true,
      stoppedPass: null,
      nextPassAt: '2026-11-15T12:08:00.000Z',
    })
    // Renewed 40 s ago, on another machine: a renewal missed, the pass stopped; its lease stays 20 s more.
    await leases.renew(POLL_LEASE, 'elsewhere:1:abc:60000', 20_000)
    const stopped = await polling()
    expect(stopped).toMatchObject({ passRunning: false, nextPassAt: '2026-11-15T12:09:00.000Z' })
    expect(Date.parse(stopped.stoppedPass.lastRenewedAt)).toBeWithin(
      Date.parse('2026-11-15T12:07:09.000Z'),
      Date.parse('2026-11-15T12:07:10.001Z'),
    )
    expect(Date.parse(stopped.stoppedPass.heldUntil)).toBeWithin(
      Date.parse('2026-11-15T12:08:09.000Z'),
      Date.parse('2026-11-15T12:08:10.001Z'),
    )
    await leases.release(POLL_LEASE, 'elsewhere:1:abc:60000')
    // A holder of this machine whose process is gone, renewed a moment ago: stopped, and taken over at the next pass.
    const gone = `${LEASE_HOST}:${Bun.spawnSync(['true']).pid}:def:60000`
    await leases.acquire(POLL_LEASE, gone, 60_000)
    expect(await polling()).toMatchObject({
      passRunning: false,
      stoppedPass: { heldUntil: null },
      nextPassAt: '2026-11-15T12:08:00.000Z',
    })
    await leases.release(POLL_LEASE, gone)
    // A holder named without its lease's length (an older executable): this server's polling.lease_seconds is read.
    await leases.acquire(POLL_LEASE, 'elsewhere:1:abc', 45_000)
    expect(await polling()).toMatchObject({ passRunning: true, stoppedPass: null })
    await leases.renew(POLL_LEASE, 'elsewhere:1:abc', 25_000)
    expect(await polling()).toMatchObject({ passRunning: false })
  })

  test('each source’s nextPollAt is Getting started’s next pass while a stopped pass’s lease keeps passes out', async () => {
    // Hacker News set up (no search is sent: the route reads what is stored) so that polling searches it.
    const { deps, call } = await setup({
      config: { polling: { schedule: '* * * * *' }, platforms: { hackernews: { base_url: 'http://127.0.0.1:9' } } },
      now: '2026-11-15T12:07:50.000Z',
    })
    // Another machine's holder that last renewed its 60 s lease 40 s ago: stopped, its lease held 20 s more, so
    // croner's 12:08 run finds it held and is skipped (docs/operations.md#one-pass-at-a-time).
    await deps.repos.jobLeases.acquire(POLL_LEASE, 'elsewhere:1:abc:60000', 20_000)
    const { nextPassAt } = (await call('GET', '/polling')).body
    expect(nextPassAt).toBe('2026-11-15T12:09:00.000Z')
    const hackernews = (await call('GET', '/sources')).body.platforms.find((p: any) => p.platform === 'hackernews')
    expect(hackernews.nextPollAt).toBe(nextPassAt)
  })

  test('with polling off there is no next pass', async () => {
    const { call } = await setup({ config: { polling: { enabled: false } } })
    expect((await call('GET', '/polling')).body).toMatchObject({ enabled: false, nextPassAt: null })
  })
})

describe('GET /console/api/new-signals', () => {
  test('counts the team’s signals detected after the given instant, and refuses a bad one', async () => {
    const { deps, team, other, call } = await setup()
    await deps.repos.signals.insertMany(team.id, [
      signal(team.id, 1, '2026-11-14T00:00:00.000Z'),
      signal(team.id, 2, '2026-11-15T09:00:00.000Z'),
      signal(team.id, 3, '2026-11-15T10:00:00.000Z'),
    ])
    await deps.repos.signals.insertMany(other.id, [signal(other.id, 4, '2026-11-15T10:00:00.000Z')])
    expect(await call('GET', '/new-signals?after=2026-11-15T08:00:00Z')).toEqual({ status: 200, body: { count: 2 } })
    expect((await call('GET', '/new-signals?after=2026-11-16')).body).toEqual({ count: 0 })
    const bad = await call('GET', '/new-signals?after=yesterday')
    expect(bad.status).toBe(400)
    expect(bad.body.error.code).toBe('invalid_request')
    expect(JSON.stringify(bad.body)).toContain('after')
  })

  // docs/console.md#errors: the same bad instant is refused in the same words as the list's since (the API's), not
  // in an older wording without an example or the note on a + read as a space.
  test.each(['yesterday', '2026-02-31', '2026-11-15T09:00:00 02:00'])(
    'after=%s is refused in the words of the list’s since',
    async (bad) => {
      const { call } = await setup()
      const words = async (path: string, field: string) => {
        const r = await call('GET', `${path}?${new URLSearchParams({ [field]: bad })}`)
        expect(r.status).toBe(400)
        return r.body.error.details.map((d: { field: string; message: string }) => [d.field, d.message])
      }
      const since = await words('/signals', 'since')
      expect(since[0][1]).toMatch(/^must be (an ISO 8601 date or date-time with a time zone|a day that exists)/)
      expect(await words('/new-signals', 'after')).toEqual(since.map(([, m]: string[]) => ['after', m]))
    },
  )
})

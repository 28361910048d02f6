import { afterEach, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import type { Deps } from '../../src/deps'
import { addIcp } from '../../src/domain/icps/icps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { LEASE_HOST } from '../../src/domain/leases/lease'
import { POLL_LEASE, runPollPass } from '../../src/jobs/poll-pass'
import { createRulesPool, type RulesPool } from '../../src/scorers/rules/pool'
import { fakeOpenAi } from '../support/fake-openai'
import { fakePlatforms } from '../support/fake-platforms'
import { longText } from '../support/fake-upstream'
import { seedTeam, testDeps } from '../support/deps'
import { manualClock } from '../support/clock'
import { pauseBoard } from '../../src/platforms/common/shared-pauses'

const running: { stop(): void }[] = []
afterEach(() => {
  while (running.length) running.pop()?.stop()
})

const buying = (n: number) =>
  `We are looking for a CRM to replace our spreadsheets, can anyone recommend one? Budget approved (${n}).`
const chatter = (n: number) =>
  `Conference day ${n}: great talks, and the crm vendors had the best coffee. Off to dinner now.`
const at = (minute: number) => new Date(Date.UTC(2026, 10, 15, 10, minute)).toISOString()

async function setup(config: Record<string, unknown> = {}, overrides: Partial<Deps> = {}) {
  const world = fakePlatforms()
  running.push(world)
  const { deps, clock } = await testDeps({
    config: {
      plans: { poller: { api_access: true, monthly_requests: 500, platforms: ['hackernews', 'reddit'] } },
      platforms: world.platformsConfig,
      ...config,
    },
    deps: overrides,
  })
  return { deps, clock, world }
}

async function team(deps: Deps, name: string, keywords: string[]) {
  const { team } = await seedTeam(deps, { name, plan: 'poller' })
  await addKeywords(deps, { teamId: team.id, keywords })
  return team.id
}

async function signalsOf(deps: Deps, teamId: string) {
  const rs = await deps.database.client.execute({
    sql: 'select platform, post_id, keyword, intent, score, icp_match, preview, content_full, published_at, detected_at, author, url from signals where team_id = ? order by post_id',
    args: [teamId],
  })
  return rs.rows.map((r) => Object.fromEntries(rs.columns.map((c) => [c, r[c]])))
}

/**
 * Whether a found time is the database's present as a pass after `since` stored the signal
 * (docs/destinations.md#exactly-once): the real time, whatever the service's clock says.
 */
const storedSince = (since: string, detectedAt: unknown) =>
  String(detectedAt) >= since && String(detectedAt) <= new Date().toISOString()

const count = async (deps: Deps, table: string) =>
  Number((await deps.database.client.execute(`select count(*) as n from ${table}`)).rows[0].n)

describe('a keyword-polling pass with the rules scorer', () => {
  test('teams sharing a keyword share one upstream search per platform, and each gets its own signals', async () => {
    const { deps, world } = await setup()
    const a = await team(deps, 'a', ['CRM'])
    const b = await team(deps, 'b', ['crm', 'invoicing'])
    await addIcp(deps, {
      teamId: a,
      name: 'Small sales teams',
      description: 'teams that replace spreadsheets with a CRM',
    })
    const long = `${buying(3)} ${longText(6000)}`
    world.add(
      'hackernews',
      'crm',
      { id: '1', author: 'ann', text: buying(1), at: at(0) },
      { id: '2', author: 'bob', text: chatter(2), at: at(5) },
    )
    world.add('reddit', 'crm', { id: 'r1', author: 'cy', text: long, at: at(1) })

    const since = new Date().toISOString()
    const summary = await runPollPass(deps)

    expect(world.searchesOf('hackernews', 'crm')).toBe(1)
    expect(world.searchesOf('reddit', 'crm')).toBe(1)
    expect(world.searchesOf('hackernews', 'invoicing')).toBe(1)
    expect(summary.outcome).toBe('completed')
    expect(summary.platforms.hackernews).toMatchObject({
      searches: 2,
      fetched: 2,
      new: 2,
      scored: 4,
      qualified: 2,
      pending: 0,
      failed: 0,
    })
    expect(summary.platforms.reddit).toMatchObject({
      searches: 2,
      fetched: 1,
      new: 1,
      scored: 2,
      qualified: 2,
      pending: 0,
      failed: 0,
    })

    const ofA = await signalsOf(deps, a)
    expect(ofA.map((s) => s.post_id)).toEqual(['hackernews:1', 'reddit:r1'])
    const hn = ofA[0]
    expect(hn).toMatchObject({
      platform: 'hackernews',
      keyword: 'CRM',
      author: 'ann',
      published_at: at(0),
      preview: buying(1),
      content_full: buying(1),
      icp_match: 'Small sales teams',
    })
    expect(storedSince(since, hn.detected_at)).toBe(true)
    expect(Number(hn.score)).toBeGreaterThanOrEqual(6)
    const rd = ofA[1]
    expect(String(rd.preview)).toBe(long.slice(0, 300))
    expect(String(rd.content_full)).toBe(long.slice(0, 4000))
    // Team b: its own spelling of the keyword, and no profile to match.
    const ofB = await signalsOf(deps, b)
    expect(ofB.map((s) => [s.post_id, s.keyword, s.icp_match])).toEqual([
      ['hackernews:1', 'crm', null],
      ['reddit:r1', 'crm', null],
    ])
  })

  test('when the worker pool cannot answer, the pass scores in its own thread and ends with the same signals', async () => {
    const passWith = async (rulesPool?: RulesPool) => {
      const { deps, world } = await setup()
      const a = await team(deps, 'a', ['crm'])
      const b = await team(deps, 'b', ['CRM'])
      await addIcp(deps, {
        teamId: a,
        name: 'Small sales teams',
        description: 'teams that replace spreadsheets with a CRM',
      })
      for (let i = 1; i <= 12; i++)
        world.add('hackernews', 'crm', {
          id: String(i),
          author: 'ann',
          text: i % 3 ? chatter(i) : buying(i),
          at: at(i),
        })
      const summary = await runPollPass(deps, { rulesPool })
      const strip = (rows: Record<string, unknown>[]) => rows.map(({ detected_at: _, ...rest }) => rest)
      return { summary, signals: [strip(await signalsOf(deps, a)), strip(await signalsOf(deps, b))] }
    }
    const broken = createRulesPool({ size: 2, workerUrl: 'file:///nonexistent/worker.ts' })
    const fallback = await passWith(broken)
    broken.close()
    const normal = await passWith()
    expect(fallback.summary.totals).toMatchObject({ fetched: 12, scored: 24, qualified: 8, pending: 0, failed: 0 })
    expect(fallback.signals[0]).toHaveLength(4)
    expect(fallback.signals).toEqual(normal.signals)
  })

  test('a post the team already has as a signal (imported) is not scored again, nor doubled', async () => {
    const { deps, world } = await setup()
    const a = await team(deps, 'a', ['crm'])
    world.add(
      'hackernews',
      'crm',
      { id: '1', author: 'ann', text: buying(1), at: at(0) },
      { id: '2', author: 'bo', text: buying(2), at: at(1) },
    )
    await deps.repos.signals.insertMany(a, [
      {
        id: 'sig_imported',
        teamId: a,
        platform: 'hackernews',
        postId: 'hackernews:1',
        author: 'ann',
        intent: 'ACTIVE',
        score: 9,
        reason: 'imported',
        icpMatch: null,
        preview: buying(1),
        url: 'https://example.test/1',
        keyword: 'crm',
        publishedAt: at(0),
        detectedAt: '2026-11-01T00:00:00.000Z',
      },
    ])
    const since = new Date().toISOString()
    const pass = await runPollPass(deps)
    expect(pass.platforms.hackernews).toMatchObject({ fetched: 2, new: 2, scored: 1, qualified: 1, pending: 0 })
    const [imported, found] = await signalsOf(deps, a)
    expect([imported?.post_id, imported?.detected_at]).toEqual(['hackernews:1', '2026-11-01T00:00:00.000Z'])
    expect(found?.post_id).toBe('hackernews:2')
    expect(storedSince(since, found?.detected_at)).toBe(true)
  })

  test('polling spends no team quota', async () => {
    const { deps, world } = await setup()
    const a = await team(deps, 'a', ['crm'])
    world.add('hackernews', 'crm', { id: '1', author: 'ann', text: buying(1), at: at(0) })
    await runPollPass(deps)
    const row = (
      await deps.database.client.execute({ sql: 'select quota_used, credit_used from teams where id = ?', args: [a] })
    ).rows[0]
    expect([Number(row.quota_used), Number(row.credit_used)]).toEqual([0, 0])
  })

  test('a second pass with nothing new creates nothing; a later pass creates only the new posts', async () => {
    const { deps, clock, world } = await setup()
    const a = await team(deps, 'a', ['crm'])
    world.add(
      'hackernews',
      'crm',
      { id: '1', author: 'ann', text: buying(1), at: at(0) },
      { id: '2', author: 'bo', text: chatter(2), at: at(1) },
    )
    await runPollPass(deps)
    expect(await signalsOf(deps, a)).toHaveLength(1)

    clock.set('2026-11-15T12:15:00.000Z')
    const again = await runPollPass(deps)
    expect(again.platforms.hackernews).toMatchObject({ searches: 1, fetched: 2, new: 0, scored: 0, qualified: 0 })
    expect(await signalsOf(deps, a)).toHaveLength(1)

    // Two new posts, one at the very time of the newest seen post: both are new, the old ones are not.
    world.add(
      'hackernews',
      'crm',
      { id: '3', author: 'cy', text: buying(3), at: at(1) },
      { id: '4', author: 'di', text: buying(4), at: at(9) },
    )
    clock.set('2026-11-15T12:30:00.000Z')
    const since = new Date().toISOString()
    const third = await runPollPass(deps)
    expect(third.platforms.hackernews).toMatchObject({ fetched: 4, new: 2, scored: 2, qualified: 2 })
    const all = await signalsOf(deps, a)
    expect(all.map((s) => [s.post_id, storedSince(since, s.detected_at)])).toEqual([
      ['hackernews:1', false],
      ['hackernews:3', true],
      ['hackernews:4', true],
    ])
  })

  test('a team that starts tracking a keyword others already poll gets what is there now', async () => {
    const { deps, clock, world } = await setup()
    await team(deps, 'a', ['crm'])
    world.add('hackernews', 'crm', { id: '1', author: 'ann', text: buying(1), at: at(0) })
    await runPollPass(deps)
    clock.set('2026-11-15T12:15:00.000Z')
    const late = await team(deps, 'late', ['crm'])
    clock.set('2026-11-15T12:30:00.000Z')
    const pass = await runPollPass(deps)
    expect(world.searchesOf('hackernews', 'crm')).toBe(2)
    expect(pass.platforms.hackernews).toMatchObject({ new: 0, scored: 1, qualified: 1 })
    expect((await signalsOf(deps, late)).map((s) => s.post_id)).toEqual(['hackernews:1'])
  })

  test("--team polls only that team's keywords", async () => {
    const { deps, world } = await setup()
    const a = await team(deps, 'a', ['crm'])
    await team(deps, 'b', ['erp'])
    world.add('hackernews', 'crm', { id: '1', author: 'ann', text: buying(1), at: at(0) })
    world.add('hackernews', 'erp', { id: '2', author: 'bo', text: buying(2), at: at(0) })
    await runPollPass(deps, { teamId: a })
    expect(world.searchesOf('hackernews', 'crm')).toBe(1)
    expect(world.searchesOf('hackernews', 'erp')).toBe(0)
    expect(await count(deps, 'signals')).toBe(1)
  })

  test('a plan without the platform, or a platform not configured, is not searched', async () => {
    const world = fakePlatforms()
    running.push(world)
    const { deps } = await testDeps({
      config: {
        plans: { poller: { api_access: true, monthly_requests: 5, platforms: ['hackernews', 'twitter'] } },
        platforms: world.platformsConfig,
      },
    })
    await team(deps, 'a', ['crm'])
    const summary = await runPollPass(deps)
    // twitter has no bearer token here, reddit is not on the plan.
    expect(Object.keys(summary.platforms)).toEqual(['hackernews'])
    expect(world.searchesOf('reddit', 'crm')).toBe(0)
  })

  test('a lease held on another machine of the same host name (a cloned VM) is waited for, not taken over', async () => {
    const { deps, world } = await setup()
    await team(deps, 'a', ['crm'])
    world.add('hackernews', 'crm', { id: '1', author: 'ann', text: buying(1), at: at(0) })
    // The other machine has this one's host name and, outside containers, the pid namespace every Linux host starts
    // with; its own boot. A process id that is free here may well be running there.
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
    const elsewhere = LEASE_HOST.replace(boot, '00000000-0000-4000-8000-000000000000')
    const free = Bun.spawnSync(['true']).pid
    await deps.repos.jobLeases.acquire(POLL_LEASE, `${elsewhere}:${free}:abc`, 60_000)
    expect((await runPollPass(deps)).outcome).toBe('skipped')
    expect(world.searches).toHaveLength(0)
  })

  test('a pass that finds the lease held by a live process skips; a dead or expired holder is taken over', async () => {
    const { deps, world } = await setup()
    await team(deps, 'a', ['crm'])
    world.add('hackernews', 'crm', { id: '1', author: 'ann', text: buying(1), at: at(0) })
    const leases = deps.repos.jobLeases
    await leases.acquire(POLL_LEASE, 'elsewhere:1:abc', 60_000)
    expect((await runPollPass(deps)).outcome).toBe('skipped')
    expect(world.searches).toHaveLength(0)

    await leases.release(POLL_LEASE, 'elsewhere:1:abc')
    // Expired a minute ago by the database's time, which decides (a lease's length from its present).
    await leases.acquire(POLL_LEASE, 'elsewhere:1:abc', -60_000)
    expect((await runPollPass(deps)).outcome).toBe('completed')

    // A holder on this host whose process is gone: taken over before its expiry.
    const dead = Bun.spawnSync(['true'])
    await leases.acquire(POLL_LEASE, `${LEASE_HOST}:${dead.pid}:def`, 60_000)
    expect((await runPollPass(deps)).outcome).toBe('completed')
    // The same process id in another pid namespace (another container) is not known to be gone: it is waited for.
    await leases.acquire(POLL_LEASE, `${LEASE_HOST}0:${dead.pid}:def`, 60_000)
    expect((await runPollPass(deps)).outcome).toBe('skipped')
    await leases.release(POLL_LEASE, `${LEASE_HOST}0:${dead.pid}:def`)
    expect(await count(deps, 'job_leases')).toBe(0)
  })

  test('a holder on this host that has exited but is not yet collected by its parent (a zombie) is gone too', async () => {
    const { deps, world } = await setup()
    await team(deps, 'a', ['crm'])
    world.add('hackernews', 'crm', { id: '1', author: 'ann', text: buying(1), at: at(0) })
    // The short sleep exits after its parent has become the long one, which never collects it: a zombie meanwhile.
    const parent = Bun.spawn(['sh', '-c', 'sleep 0.1 & echo $!; exec sleep 30'], { stdout: 'pipe' })
    try {
      const { value } = await parent.stdout.getReader().read()
      const zombie = Number(new TextDecoder().decode(value).trim())
      while (!(await Bun.file(`/proc/${zombie}/stat`).text()).includes(') Z ')) await Bun.sleep(5)
      await deps.repos.jobLeases.acquire(POLL_LEASE, `${LEASE_HOST}:${zombie}:def`, 60_000)
      expect((await runPollPass(deps)).outcome).toBe('completed')
    } finally {
      parent.kill()
    }
  })

  test('two passes at once in one process: one runs, the other skips, nothing is doubled', async () => {
    const { deps, world } = await setup()
    const a = await team(deps, 'a', ['crm', 'erp'])
    for (let i = 0; i < 40; i++)
      world.add('hackernews', i % 2 ? 'crm' : 'erp', {
        id: `${i}`,
        author: 'x',
        text: i % 2 ? buying(i) : `${buying(i)} An ERP would do too.`,
        at: at(i),
      })
    const outcomes = (await Promise.all([runPollPass(deps), runPollPass(deps)])).map((s) => s.outcome).sort()
    expect(outcomes).toEqual(['completed', 'skipped'])
    expect(await signalsOf(deps, a)).toHaveLength(40)
  })

  test('a platform answering 429 with a retry time is not called again before that time', async () => {
    // One search at a time, so the order of the two keywords' searches is fixed. Reddit's 429 is its app's limit, held
    // by this process's pauses (docs/platforms.md#rate-limits): kept here by the test's clock (and this process only),
    // so that it ends when the clock passes the retry time.
    const clock = manualClock('2026-11-15T12:00:00.000Z')
    const pauses = pauseBoard(undefined, undefined, () => clock.now().getTime())
    const { deps, world } = await setup({ polling: { concurrency: 1 } }, { clock, pauses })
    await team(deps, 'a', ['crm', 'erp'])
    world.add('reddit', 'crm', { id: 'r1', author: 'ann', text: buying(1), at: at(0) })
    world.fail(
      'reddit',
      () => new Response('{"message": "Too Many Requests"}', { status: 429, headers: { 'retry-after': '600' } }),
    )

    const first = await runPollPass(deps)
    // The first refusal stops the platform for the pass: the second keyword is not tried either.
    expect(first.platforms.reddit).toMatchObject({ searches: 1, failed: 1, deferred: 1 })
    const health = (await deps.repos.platformHealth.list()).find((h) => h.platform === 'reddit')
    // Held for the app's credentials (every server with them), not as the platform's retry time (every server).
    expect(pauses.heldFor('reddit')?.until).toBe(Date.parse('2026-11-15T12:10:00.000Z'))
    expect(health?.retryAt).toBeNull()
    expect(health?.lastError).toContain('429')

    world.fail('reddit')
    clock.set('2026-11-15T12:09:59.000Z')
    const early = await runPollPass(deps)
    expect(early.platforms.reddit).toMatchObject({ searches: 0, deferred: 2 })
    expect(world.searchesOf('reddit', 'crm')).toBe(1)

    clock.set('2026-11-15T12:10:00.000Z')
    const later = await runPollPass(deps)
    expect(later.platforms.reddit).toMatchObject({ searches: 2, failed: 0, qualified: 1 })
  })

  test('a failing platform is retried on the next pass; other platforms go on', async () => {
    const { deps, world } = await setup()
    const a = await team(deps, 'a', ['crm'])
    world.add('reddit', 'crm', { id: 'r1', author: 'ann', text: buying(1), at: at(0) })
    world.add('hackernews', 'crm', { id: '1', author: 'bo', text: buying(2), at: at(0) })
    world.fail('reddit', () => new Response('oops', { status: 503 }))
    const first = await runPollPass(deps)
    expect(first.platforms.reddit).toMatchObject({ failed: 1 })
    expect(first.platforms.hackernews).toMatchObject({ qualified: 1 })
    world.fail('reddit')
    const second = await runPollPass(deps)
    expect(second.platforms.reddit).toMatchObject({ searches: 1, failed: 0, qualified: 1 })
    expect(await signalsOf(deps, a)).toHaveLength(2)
  })

  // OR, AND and NOT mean something only in capitals (docs/queries.md#matching): 'crm not hubspot' asks for the word
  // not and hubspot, 'crm NOT hubspot' leaves hubspot out. Each is searched, so neither team misses what its own query
  // finds; 'CRM' beside 'crm' is still one search (the first test).
  test('teams whose spellings differ in an operator each have their own search and only its posts', async () => {
    // Hacker News is sent 'crm -hubspot' for 'crm NOT hubspot', so the fake tells the two searches apart.
    const { deps, world } = await setup({
      plans: { poller: { api_access: true, monthly_requests: 500, platforms: ['hackernews'] } },
    })
    const a = await team(deps, 'a', ['crm not hubspot'])
    const b = await team(deps, 'b', ['crm NOT hubspot'])
    const c = await team(deps, 'c', ['CRM Not HubSpot'])
    const hubspot = 'We are looking for a CRM, not HubSpot, to replace our spreadsheets, can anyone recommend one?'
    const other =
      'We are looking for a CRM to replace our spreadsheets, can anyone recommend one? Not sure where to start.'
    // What each query's own search answers: r3 only the search that leaves hubspot out.
    world.add(
      'hackernews',
      'crm not hubspot',
      { id: '1', author: 'ann', text: `${hubspot} Budget approved.`, at: at(0) },
      { id: '2', author: 'bob', text: `${other} Budget approved.`, at: at(1) },
    )
    world.add(
      'hackernews',
      'crm -hubspot',
      { id: '2', author: 'bob', text: `${other} Budget approved.`, at: at(1) },
      { id: '3', author: 'cy', text: `${other} Budget approved, we start in May.`, at: at(2) },
    )
    await runPollPass(deps)
    // Teams a and c share one search, of either spelling.
    expect(world.searches.map((s) => s.keyword.toLowerCase()).sort()).toEqual(['crm -hubspot', 'crm not hubspot'])
    const ids = async (teamId: string) => (await signalsOf(deps, teamId)).map((s) => s.post_id)
    expect(await ids(a)).toEqual(['hackernews:1'])
    expect(await ids(b)).toEqual(['hackernews:2', 'hackernews:3'])
    expect(await ids(c)).toEqual(['hackernews:1'])
  })
})

// Every post reaches the model in these tests (scorer.triage = "none"): what triage keeps from it is in
// poll-triage.test.ts. One call at a time, and no rules scorer to fall back on.
const modelOnly = (baseUrl: string) =>
  ({ backend: 'openai', fallback: 'none', triage: 'none', concurrency: 1, openai: { base_url: baseUrl } }) as const

describe('a keyword-polling pass with a model scorer', () => {
  test('while the scorer fails, fetched mentions stay pending; once it recovers they become signals', async () => {
    const model = fakeOpenAi()
    running.push(model)
    const { deps, clock, world } = await setup({
      scorer: modelOnly(model.baseUrl),
    })
    const a = await team(deps, 'a', ['crm'])
    world.add(
      'hackernews',
      'crm',
      { id: '1', author: 'ann', text: buying(1), at: at(0) },
      { id: '2', author: 'bo', text: chatter(2), at: at(1) },
    )
    model.fail(true)

    const down = await runPollPass(deps)
    expect(down.scorerUnavailable).toBe(true)
    expect(down.platforms.hackernews).toMatchObject({ fetched: 2, new: 2, scored: 0, qualified: 0, pending: 2 })
    // The first failure ends scoring for the pass: one call, not one per mention.
    expect(model.calls()).toBe(1)
    expect(await count(deps, 'signals')).toBe(0)

    model.fail(false)
    clock.set('2026-11-15T12:15:00.000Z')
    const since = new Date().toISOString()
    const up = await runPollPass(deps)
    expect(up.platforms.hackernews).toMatchObject({ new: 0, scored: 2, qualified: 1, pending: 0 })
    // Found when it was scored and stored, not when it was fetched.
    expect((await signalsOf(deps, a)).map((s) => [s.post_id, s.intent, storedSince(since, s.detected_at)])).toEqual([
      ['hackernews:1', 'ACTIVE', true],
    ])
    expect(await count(deps, 'pending_mentions')).toBe(0)
  })

  test('with fallback "rules" a model outage is answered by the rules scorer, and nothing waits', async () => {
    const model = fakeOpenAi()
    running.push(model)
    const { deps, world } = await setup({
      scorer: { backend: 'openai', fallback: 'rules', openai: { base_url: model.baseUrl } },
    })
    const a = await team(deps, 'a', ['crm'])
    world.add('hackernews', 'crm', { id: '1', author: 'ann', text: buying(1), at: at(0) })
    model.fail(true)
    const pass = await runPollPass(deps)
    expect(pass.platforms.hackernews).toMatchObject({ scored: 1, qualified: 1, pending: 0 })
    expect(String((await signalsOf(deps, a))[0].icp_match)).toBe('null')
  })

  test('a shutdown signal stops the pass at a safe point; the next pass finishes the work', async () => {
    const model = fakeOpenAi()
    running.push(model)
    const { deps, clock, world } = await setup({
      scorer: modelOnly(model.baseUrl),
    })
    const a = await team(deps, 'a', ['crm'])
    for (let i = 0; i < 20; i++)
      world.add('hackernews', 'crm', { id: `${i}`, author: 'x', text: i % 2 ? buying(i) : chatter(i), at: at(i) })
    model.slow(2000)
    const stop = new AbortController()
    const pass = runPollPass(deps, { signal: stop.signal })
    while (model.calls() < 1) await Bun.sleep(5)
    stop.abort()
    const stopped = await pass
    expect(stopped.outcome).toBe('stopped')
    expect(stopped.platforms.hackernews.pending).toBeGreaterThan(0)
    expect(stopped.platforms.hackernews.scored + stopped.platforms.hackernews.pending).toBe(20)
    // The call in flight was abandoned, not failed: no mention counts a failed attempt.
    const attempts = await deps.database.client.execute('select max(attempts) as n from pending_mentions')
    expect(Number(attempts.rows[0].n)).toBe(0)

    model.slow(0)
    clock.set('2026-11-15T12:15:00.000Z')
    const next = await runPollPass(deps)
    expect(next.outcome).toBe('completed')
    expect(next.platforms.hackernews.pending).toBe(0)
    expect((await signalsOf(deps, a)).map((s) => s.post_id).sort()).toEqual(
      Array.from({ length: 10 }, (_, k) => `hackernews:${2 * k + 1}`).sort(),
    )
  })
})

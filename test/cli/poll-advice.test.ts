// docs/operations.md#when-a-pass-finds-nothing: `poll --once` says why a new install has no leads, in the words of the
// commands and settings that fix it.
import { afterAll, afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { fakePlatforms } from '../support/fake-platforms'
import { copiesOf, createWorkspace, ok, query, runCli, type Workspace } from './run-cli'
import { REFUSED_PORT } from '../support/refused'

/** A plan of Hacker News alone, searched at `baseUrl`. */
const hackernewsOnly = (baseUrl: string) => [
  '[plans.poller]',
  'monthly_requests = 100',
  'platforms = ["hackernews"]',
  '[platforms.hackernews]',
  `base_url = "${baseUrl}"`,
  'mode = "search"',
]
/** The plan of most tests: Hacker News searched at `origin`, and two platforms this install has no key for. */
const pollerToml = (origin: string) =>
  hackernewsOnly(origin).join('\n').replace('["hackernews"]', '["hackernews", "twitter", "youtube"]')

// Each test but the first begins where a new install's first steps leave it: team acme on plan poller, tracking "crm".
// Those two commands run once for the file; each test gets a copy of the database they left, and its own files.
const acmeTrackingCrm = copiesOf(async (seed) => {
  const plan = ['--config', seed.file('plan.toml', hackernewsOnly(`http://127.0.0.1:${REFUSED_PORT}`).join('\n'))]
  await ok(seed, ['team', 'create', '--name', 'acme', '--plan', 'poller', ...plan])
  await ok(seed, ['keyword', 'add', '--team', 'acme', 'crm', ...plan])
})
afterAll(() => acmeTrackingCrm.cleanup())

let ws: Workspace
let world: ReturnType<typeof fakePlatforms>
let config: string[]
beforeEach(async () => {
  ws = await acmeTrackingCrm.make()
  world = fakePlatforms()
  config = ['--config', ws.file('poll.toml', pollerToml(world.origin))]
})
afterEach(() => {
  world.stop()
  ws.cleanup()
})

describe('what poll --once tells a new install', () => {
  test('no team, then no keyword: the command that adds one', async () => {
    const fresh = createWorkspace()
    try {
      const own = ['--config', fresh.file('poll.toml', pollerToml(world.origin))]
      await ok(fresh, ['migrate', ...own])
      expect(await ok(fresh, ['poll', '--once', ...own])).toContain(
        'no team yet: create one with  lead-signals team create --name NAME --plan growth',
      )
      await ok(fresh, ['team', 'create', '--name', 'acme', '--plan', 'poller', ...own])
      expect(await ok(fresh, ['poll', '--once', ...own])).toContain(
        'no team tracks a keyword yet: add one with  lead-signals keyword add --team acme "KEYWORD"',
      )
    } finally {
      fresh.cleanup()
    }
  })

  test('the plan platforms it cannot search, with the settings that would let it; those it searched with no key', async () => {
    const out = await ok(ws, ['poll', '--once', ...config])
    const advice = out.slice(out.indexOf('\ntotal')).split('\n').slice(2)
    expect(advice).toEqual([
      'not searched, not configured here (set these in the config file or the environment, then poll again):',
      '  twitter: platforms.twitter.bearer_token (LEAD_SIGNALS_PLATFORMS_TWITTER_BEARER_TOKEN)',
      '  youtube: platforms.youtube.api_key (LEAD_SIGNALS_PLATFORMS_YOUTUBE_API_KEY)',
      'searched with no key needed: hackernews',
      '',
    ])
    const json = JSON.parse(await ok(ws, ['poll', '--once', '--json', ...config]))
    expect(json.advice).toHaveLength(4)
  })

  // docs/streams.md: Bluesky's search needs an account, its stream does not, and serve streams it by default. The list
  // sent a new install to make a Bluesky app password that serve never needed.
  test('a plan platform serve streams without the settings its search needs says so beside them', async () => {
    const file = ws.file(
      'sky.toml',
      hackernewsOnly(world.origin).join('\n').replace('["hackernews"]', '["hackernews", "bluesky"]'),
    )
    const out = await ok(ws, ['poll', '--once', '--config', file])
    expect(out).toContain(
      '  bluesky: platforms.bluesky.identifier (LEAD_SIGNALS_PLATFORMS_BLUESKY_IDENTIFIER), platforms.bluesky.app_password (LEAD_SIGNALS_PLATFORMS_BLUESKY_APP_PASSWORD), for this command only: serve reads bluesky as a stream without them (docs/streams.md)',
    )
  })

  test('a platform whose every search failed is named, and the pass exits 1', async () => {
    world.fail('hackernews', () => new Response('down', { status: 500 }))
    const r = await runCli(ws, ['poll', '--once', ...config])
    expect(r.code).toBe(1)
    expect(r.stdout).toContain(
      'hackernews: its one search failed (hackernews answered with status 500); the poll_search_failed log lines say more',
    )
  })

  test('when no platform could be reached, the next step is the network, not the next pass', async () => {
    const port = REFUSED_PORT
    const offline = ['--config', ws.file('offline.toml', [...hackernewsOnly(`http://127.0.0.1:${port}`)].join('\n'))]
    const r = await runCli(ws, ['poll', '--once', ...offline])
    expect(r.code).toBe(1)
    expect(r.stdout).toContain(
      `hackernews: its one search failed (hackernews could not be reached; platforms.hackernews.base_url is http://127.0.0.1:${port})`,
    )
    expect(r.stdout).toContain(
      'no platform answered: check that this machine can reach them (a firewall, a proxy, no internet access); a site without internet access points base_url at a mirror (docs/platforms.md)',
    )
  })

  test('a platform that answered with an error is not called unreachable', async () => {
    world.fail('hackernews', () => new Response('down', { status: 500 }))
    const r = await runCli(ws, ['poll', '--once', ...config])
    expect(r.stdout).not.toContain('no platform answered')
  })

  // The first line said 'the scorer could not answer, unscored mentions stay pending' and nothing more: a new install
  // with scorer.fallback = "none" and the model not pulled was left to find the reason in a log line above the table.
  test('a scorer that could not answer is named with the command that says why', async () => {
    const port = REFUSED_PORT
    const strict = [
      '--config',
      ws.file(
        'strict.toml',
        [
          ...hackernewsOnly(`${world.origin}`),
          '[scorer]',
          'backend = "ollama"',
          'fallback = "none"',
          '[scorer.ollama]',
          `host = "http://127.0.0.1:${port}"`,
        ].join('\n'),
      ),
    ]
    world.add('hackernews', 'crm', {
      id: '1',
      author: 'ann',
      text: 'Our 12-person sales team needs a CRM this month, budget approved. Which one should we buy?',
      at: new Date().toISOString(),
    })
    // The CLI tests' environment names the rules backend; this one asks for the model of the file.
    const out = await ok(ws, ['poll', '--once', ...strict], { env: { LEAD_SIGNALS_SCORER_BACKEND: 'ollama' } })
    expect(out).toContain(
      'the Ollama model server could not answer, so 1 mention waits for the next pass (scorer.fallback = "none"): lead-signals scorer check says why',
    )
  })
  // A new team adds a webhook, runs poll --once, sees "qualified 1" and waits for a delivery that never came: the
  // command line stores deliveries but only a running server sends them (docs/webhooks.md#delivery), and nothing
  // under the table said so.
  test('a signal queued for a destination: the line says the running server sends it, not this command', async () => {
    const hooked = [
      '--config',
      ws.file(
        'hooked.toml',
        [...hackernewsOnly(world.origin), '[webhooks]', 'allow_private_targets = true'].join('\n'),
      ),
    ]
    // Nothing listens here: the command must not try to deliver, so no receiver is needed.
    await ok(ws, ['webhook', 'add', '--team', 'acme', '--url', `http://127.0.0.1:${REFUSED_PORT}/leads`, ...hooked])
    const quiet = await ok(ws, ['poll', '--once', ...hooked])
    expect(quiet).not.toContain('lead-signals serve')
    world.add('hackernews', 'crm', {
      id: '1',
      author: 'ann',
      text: 'Our 12-person sales team needs a CRM this month, budget approved. Which one should we buy?',
      at: new Date().toISOString(),
    })
    const out = await ok(ws, ['poll', '--once', ...hooked])
    expect(out).toContain(
      '1 delivery to a destination waits to be sent: a running "lead-signals serve" on this database sends it; this command does not (docs/webhooks.md#delivery)',
    )
    const json = JSON.parse(await ok(ws, ['poll', '--once', '--json', ...hooked]))
    expect(json.advice).toContain(
      '1 delivery to a destination waits to be sent: a running "lead-signals serve" on this database sends it; this command does not (docs/webhooks.md#delivery)',
    )
  })

  // Another process (a running server's scheduled pass, another poll --once) holding the polling lease made the
  // command print "poll: skipped, another process is polling this database" and exit 0 with nothing more: whether to
  // wait, retry or stop the other process was left to the docs (docs/operations.md#one-pass-at-a-time).
  test('a pass skipped for a lease held elsewhere says what to do next', async () => {
    await query(ws, 'INSERT INTO job_leases (name, holder, expires_at) VALUES (?, ?, ?)', [
      'keyword-polling',
      'elsewhere:1:abc',
      Date.now() + 600_000,
    ])
    const next =
      'another process is polling this database now: a running "lead-signals serve" (which polls on its schedule, polling.schedule */15 * * * *, UTC) or another poll --once; its pass searches the keywords, so wait for it to finish, then run poll --once again if you still want a pass of your own'
    const r = await runCli(ws, ['poll', '--once', ...config])
    expect({ code: r.code, stdout: r.stdout }).toEqual({
      code: 0,
      stdout: `poll: skipped, another process is polling this database\n${next}\n`,
    })
    expect(JSON.parse(await ok(ws, ['poll', '--once', '--json', ...config])).advice).toEqual([next])
    expect(world.searches).toHaveLength(0)
  })
})

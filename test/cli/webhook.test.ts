import { afterAll, afterEach, beforeEach, describe, expect, test, setDefaultTimeout } from 'bun:test'
import { fakesPerTest } from '../support/fake-upstream'
import { verified } from '../support/webhooks'
import { ok, query, runCli, type Workspace, MANY_PROCESSES_MS, withTeam } from './run-cli'

setDefaultTimeout(MANY_PROCESSES_MS)

// Each test on a database of its own holding team acme, made once by `team create` (test/cli/team.test.ts checks it).
const withAcme = withTeam('acme')
let ws: Workspace
beforeEach(async () => {
  ws = await withAcme.make()
})
afterEach(() => ws.cleanup())
afterAll(() => withAcme.cleanup())
const receiver = fakesPerTest()
const PRIVATE_OK = { LEAD_SIGNALS_WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' }

describe('webhook', () => {
  test('add prints the secret once, list shows the endpoint without it, test delivers a signed event, remove', async () => {
    const r = receiver(() => new Response('ok'))
    const made = JSON.parse(
      await ok(
        ws,
        [
          'webhook',
          'add',
          '--team',
          'acme',
          '--url',
          `${r.origin}/hook`,
          '--min-score',
          '7',
          '--intents',
          'ACTIVE, PAIN',
          '--json',
        ],
        { env: PRIVATE_OK },
      ),
    )
    expect(made.secret).toMatch(/^whsec_/)
    expect(made.endpoint.filters).toEqual({ minScore: 7, intents: ['ACTIVE', 'PAIN'], keywords: null, platforms: null })
    const id = made.endpoint.id
    const table = await ok(ws, ['webhook', 'list', '--team', 'acme'])
    expect(table).toContain(id)
    expect(table).toContain('score>=7 intents=ACTIVE,PAIN')
    expect(table).not.toContain(made.secret)

    const tested = await runCli(ws, ['webhook', 'test', '--team', 'acme', id], { env: PRIVATE_OK })
    expect(tested.code).toBe(0)
    expect(tested.stdout).toContain('the receiver answered 200')
    expect(r.received).toHaveLength(1)
    expect(verified(made.secret, r.received[0])).toMatchObject({ type: 'webhook.test' })

    expect(await ok(ws, ['webhook', 'remove', '--team', 'acme', id])).toBe(`Removed webhook endpoint ${id}.\n`)
    expect(await ok(ws, ['webhook', 'list', '--team', 'acme'])).toBe('the team has no webhook endpoints\n')
  })

  test('a test answered 429 is retried when the pause ends; list says the destination is paused, and why', async () => {
    const discord = receiver(() =>
      Response.json({ message: 'You are being rate limited.', retry_after: 600, global: true }, { status: 429 }),
    )
    const url = `${discord.origin}/api/webhooks/1/tok1`
    const add = ['webhook', 'add', '--team', 'acme', '--kind', 'discord', '--url', url, '--json']
    const made = JSON.parse(await ok(ws, add, { env: PRIVATE_OK }))
    const tested = await runCli(ws, ['webhook', 'test', '--team', 'acme', made.endpoint.id], { env: PRIVATE_OK })
    expect(discord.received).toHaveLength(1)
    // Retried when the 600 s pause ends, not at the due time the delivery keeps for its place in the order.
    const retriedAt = Date.parse(String(tested.stdout.match(/retries it at (\S+Z)\./)?.[1]))
    expect(retriedAt).toBeGreaterThan(Date.now() + 500_000)
    const table = await ok(ws, ['webhook', 'list', '--team', 'acme'])
    expect(table).toMatch(/enabled, paused until \S+Z: Discord limited this server's requests as a whole/)
  })

  test('a test the receiver refuses exits 1 and says when it is retried', async () => {
    const r = receiver(() => new Response('no', { status: 500 }))
    const made = JSON.parse(
      await ok(
        ws,
        ['webhook', 'add', '--team', 'acme', '--url', `${r.origin}/services/T0/B0/x`, '--kind', 'slack', '--json'],
        {
          env: PRIVATE_OK,
        },
      ),
    )
    const tested = await runCli(ws, ['webhook', 'test', '--team', 'acme', made.endpoint.id], { env: PRIVATE_OK })
    expect(tested.code).toBe(1)
    expect(tested.stdout).toContain('answered 500')
    expect(JSON.parse(r.received[0].body).text).toContain('acme')
  })

  test('a test the receiver refuses for good says it is not retried and that the endpoint is disabled', async () => {
    // Slack's answer for a channel that was archived (docs/destinations.md#a-deleted-webhook: it disables the endpoint,
    // with Slack's words and what to do).
    const r = receiver(() => new Response('channel_is_archived', { status: 410 }))
    const made = JSON.parse(
      await ok(
        ws,
        ['webhook', 'add', '--team', 'acme', '--url', `${r.origin}/services/T0/B0/x`, '--kind', 'slack', '--json'],
        {
          env: PRIVATE_OK,
        },
      ),
    )
    const tested = await runCli(ws, ['webhook', 'test', '--team', 'acme', made.endpoint.id], { env: PRIVATE_OK })
    expect(tested.code).toBe(1)
    expect(tested.stdout).not.toContain('null')
    expect(tested.stdout).not.toContain('retries it')
    // Slack's words and what to do, said once: the reason the endpoint was disabled is the answer just given.
    expect(tested.stdout).toContain(
      'not delivered: answered 410: channel_is_archived: the Slack channel of this webhook',
    )
    expect(tested.stdout.split('channel_is_archived:').length).toBe(2)
    expect(tested.stdout).toContain(
      `not retried: the endpoint is now disabled; once the receiver is back, enable it on the console's Destinations page or with PATCH /api/v1/webhooks/${made.endpoint.id} {"enabled": true}.`,
    )
  })

  test("add and list show a Discord destination's URL masked; a test still posts to the real one", async () => {
    // docs/destinations.md#urls-are-shown-masked: the token in the URL is the permission to post into the channel.
    const token = 'aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5zA7bC9dE1fG3hI5jK7lM9nO1pQ3rS5tU7'
    const discord = receiver(() => new Response(null, { status: 204 }))
    const url = `${discord.origin}/api/webhooks/1234567890/${token}`
    const added = await ok(ws, ['webhook', 'add', '--team', 'acme', '--kind', 'discord', '--url', url], {
      env: PRIVATE_OK,
    })
    expect(added).toContain(`for ${discord.origin}/api/webhooks/1234567890/••••5tU7.`)
    const id = String(added.match(/destination (whe_\S+)/)?.[1])
    const table = await ok(ws, ['webhook', 'list', '--team', 'acme'])
    const json = await ok(ws, ['webhook', 'list', '--team', 'acme', '--json'])
    for (const shown of [added, table, json]) expect(shown).not.toContain(token)
    expect(table).toContain('/api/webhooks/1234567890/••••5tU7')
    expect((await runCli(ws, ['webhook', 'test', '--team', 'acme', id], { env: PRIVATE_OK })).code).toBe(0)
    expect(discord.received[0].url.pathname).toBe(`/api/webhooks/1234567890/${token}`)
  })

  // A new team added a destination and was left at the secret: nothing said how to try it, or that only a running
  // server sends it the signals found (docs/webhooks.md#delivery). Those come from its streams too (docs/streams.md):
  // "each polling pass finds" had a team with the default streams wait for a pass that most of its leads never need.
  test('add ends with what comes next: the test command for this destination, and who sends it signals', async () => {
    const added = await ok(ws, ['webhook', 'add', '--team', 'acme', '--url', 'http://127.0.0.1:9/leads'], {
      env: PRIVATE_OK,
    })
    const id = String(added.match(/destination (whe_\S+)/)?.[1])
    expect(added.trimEnd().split('\n').at(-1)).toBe(
      `Next: lead-signals webhook test --team acme ${id} sends it a test event now; a running "lead-signals serve" sends it each new signal as a polling pass or a stream finds it.`,
    )
  })

  test('bad input exits 2 with one line on stderr and stores nothing', async () => {
    const cases: [string[], string][] = [
      [['--url', 'http://127.0.0.1:9/x'], 'private'],
      [['--url', 'https://example.com/x', '--min-score', 'high'], '--min-score'],
      [['--url', 'https://example.com/x', '--intents', 'BUYING'], '--intents'],
      [['--url', 'https://example.com/x', '--kind', 'pager'], '--kind'],
      [['--url', 'https://example.com/x', '--kind', 'teams'], 'Teams Workflows webhook URL'],
      [['--url', 'https://example.com/api/webhooks/12/abc/extra', '--kind', 'discord'], '/api/webhooks/{id}/{token}'],
      [['--kind', 'email', '--to', 'sales@example.com'], 'not configured an SMTP server'],
      [['--url', 'https://example.com/x', '--quiet-hours', '22:00-7'], '--quiet-hours'],
      [['--url', 'https://example.com/x', '--time-zone', 'Mars/Olympus'], '--time-zone'],
      [['--url', 'notaurl'], 'url'],
      [['--min-score', '3'], 'give --url'],
      [['--url', 'https://example.com/x', '--colour', 'red'], 'colour'],
    ]
    for (const [args, said] of cases) {
      const r = await runCli(ws, ['webhook', 'add', '--team', 'acme', ...args])
      expect(r.code).toBe(2)
      expect(r.stderr).toContain(said)
      expect(r.stderr.trim().split('\n')).toHaveLength(1)
    }
    // An empty list: the API's "or be null for any" is nothing a command line can give; leaving the option out is.
    for (const option of ['--intents', '--keywords', '--platforms']) {
      const r = await runCli(ws, ['webhook', 'add', '--team', 'acme', '--url', 'https://example.com/x', option, ','])
      expect({ option, code: r.code, stderr: r.stderr }).toEqual({
        option,
        code: 2,
        stderr: `lead-signals: ${option} must list at least one; leave ${option} out for any\n`,
      })
    }
    // "no such webhook endpoint" alone left the user guessing whether the id or the team was wrong: the message
    // names the team it looked in and the command that lists that team's ids.
    for (const command of ['remove', 'test']) {
      const unknown = await runCli(ws, ['webhook', command, '--team', 'acme', 'whe_nope'])
      expect({ command, code: unknown.code, stderr: unknown.stderr }).toEqual({
        command,
        code: 1,
        stderr:
          'lead-signals: team acme has no webhook endpoint whe_nope: lead-signals webhook list --team acme shows its ids\n',
      })
    }
    expect(await query(ws, 'select count(*) as n from webhook_endpoints')).toEqual([{ n: 0 }])
  })
})

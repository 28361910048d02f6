// docs/operations.md#when-a-pass-finds-nothing: a pass that found leads says so under its table, with where to see
// them. It ended on the list of platforms it could not search, so a first pass that worked read like one that had not.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { fakePlatforms } from '../support/fake-platforms'
import { createWorkspace, ok, type Workspace } from './run-cli'

let ws: Workspace
let world: ReturnType<typeof fakePlatforms>
let config: string[]
const buyer = (id: string) => ({
  id,
  author: `buyer${id}`,
  text: 'Our 12-person sales team lives in spreadsheets. Looking for a CRM this month, budget approved.',
  at: new Date(Date.now() - (10 - Number(id)) * 60_000).toISOString(),
})
beforeAll(async () => {
  ws = createWorkspace()
  world = fakePlatforms()
  const toml = ['[plans.poller]', 'monthly_requests = 100', 'platforms = ["hackernews", "twitter"]']
  toml.push('[platforms.hackernews]', `base_url = "${world.origin}"`, 'mode = "search"')
  config = ['--config', ws.file('poll.toml', toml.join('\n'))]
  await ok(ws, ['team', 'create', '--name', 'acme corp', '--plan', 'poller', ...config])
  await ok(ws, ['keyword', 'add', '--team', 'acme corp', 'crm', ...config])
})
afterAll(() => {
  world.stop()
  ws.cleanup()
})

const advice = (out: string) => out.slice(out.indexOf('\ntotal')).split('\n').slice(2)

describe('a pass that found leads', () => {
  test('says how many signals it stored and the command that lists them, first under the table', async () => {
    world.add('hackernews', 'crm', buyer('1'))
    expect(advice(await ok(ws, ['poll', '--once', ...config]))).toEqual([
      `1 new signal: see it with  lead-signals signals export --team "acme corp"  or on the console's Signals page`,
      'not searched, not configured here (set these in the config file or the environment, then poll again):',
      '  twitter: platforms.twitter.bearer_token (LEAD_SIGNALS_PLATFORMS_TWITTER_BEARER_TOKEN)',
      '',
    ])
  })

  test('with two teams tracking keywords, the command names TEAM; --json has the line in advice', async () => {
    await ok(ws, ['team', 'create', '--name', 'beta', '--plan', 'poller', ...config])
    await ok(ws, ['keyword', 'add', '--team', 'beta', 'crm', ...config])
    world.add('hackernews', 'crm', buyer('2'), buyer('3'))
    const json = JSON.parse(await ok(ws, ['poll', '--once', '--json', ...config]))
    expect(json.totals.qualified).toBe(5)
    expect(json.advice[0]).toBe(
      `5 new signals: see them with  lead-signals signals export --team TEAM  or on the console's Signals page`,
    )
  })

  test('a pass that stored nothing says nothing of signals', async () => {
    expect(await ok(ws, ['poll', '--once', ...config])).not.toContain('new signal')
  })
})

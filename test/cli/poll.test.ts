import { afterAll, afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { fakePlatforms } from '../support/fake-platforms'
import { copiesOf, createWorkspace, ok, query, runCli, type Workspace } from './run-cli'

const PLAN = ['[plans.poller]', 'monthly_requests = 100', 'platforms = ["hackernews", "reddit"]']
// Each test on a database of its own holding teams acme and other with a keyword each, made once: four commands of
// the CLI, some 0.4 s of CPU each, that these tests begin with and do not check.
const withTeams = copiesOf(async (ws) => {
  const config = ['--config', ws.file('plan.toml', PLAN.join('\n'))]
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'poller', ...config])
  await ok(ws, ['team', 'create', '--name', 'other', '--plan', 'poller', ...config])
  await ok(ws, ['keyword', 'add', '--team', 'acme', 'crm', ...config])
  await ok(ws, ['keyword', 'add', '--team', 'other', 'erp', ...config])
})
let ws: Workspace
let world: ReturnType<typeof fakePlatforms>
let config: string[]
beforeEach(async () => {
  ws = await withTeams.make()
  world = fakePlatforms()
  config = ['--config', ws.file('poll.toml', [...PLAN, ...world.platformsToml()].join('\n'))]
  world.add('hackernews', 'crm', {
    id: '7',
    author: 'ann',
    text: 'Can anyone recommend a CRM? We are ready to buy this month.',
    at: '2026-11-15T10:00:00.000Z',
  })
})
afterEach(() => {
  world.stop()
  ws.cleanup()
})
afterAll(() => withTeams.cleanup())

describe('poll --once', () => {
  test('runs one pass and prints what it found per platform', async () => {
    const out = await ok(ws, ['poll', '--once', ...config])
    const lines = out.trim().split('\n')
    expect(lines[0]).toMatch(/^poll: completed in \d+ ms$/)
    expect(lines[1].split(/\s+/)).toEqual([
      'platform',
      'searches',
      'fetched',
      'new',
      'scored',
      'triaged',
      'forgotten',
      'qualified',
      'pending',
      'failed',
      'deferred',
    ])
    expect(lines[2].split(/\s+/)).toEqual(['hackernews', '2', '1', '1', '1', '0', '0', '1', '0', '0', '0'])
    expect(lines[3].split(/\s+/)).toEqual(['reddit', '2', '0', '0', '0', '0', '0', '0', '0', '0', '0'])
    expect(lines[4].split(/\s+/)).toEqual(['total', '4', '1', '1', '1', '0', '0', '1', '0', '0', '0'])
    expect(await query(ws, 'SELECT post_id, keyword FROM signals')).toEqual([
      { post_id: 'hackernews:7', keyword: 'crm' },
    ])
  })

  test("--team limits the pass to that team's keywords; --json prints the summary as JSON", async () => {
    const summary = JSON.parse(await ok(ws, ['poll', '--once', '--team', 'other', '--json', ...config]))
    expect(summary).toMatchObject({ outcome: 'completed', totals: { searches: 2, fetched: 0 } })
    expect(world.searches.map((s) => s.keyword)).toEqual(['erp', 'erp'])
  })

  test('without --once, or with an unknown team, it fails with one line and exit status 2', async () => {
    const bare = await runCli(ws, ['poll', ...config])
    expect(bare.code).toBe(2)
    expect(bare.stderr).toBe('lead-signals: poll: give --once (scheduled polling runs inside "lead-signals serve")\n')
    const unknown = await runCli(ws, ['poll', '--once', '--team', 'nobody', ...config])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1)
    expect(world.searches).toHaveLength(0)
  })

  test('exits 1 with one line when every search failed, 0 when some came back or there was nothing to search', async () => {
    world.fail('hackernews', () => new Response('down', { status: 503 }))
    world.fail('reddit', () => new Response('down', { status: 503 }))
    const allFailed = await runCli(ws, ['poll', '--once', '--json', ...config])
    expect(allFailed.code).toBe(1)
    const { searches, failed } = JSON.parse(allFailed.stdout).totals
    expect(searches).toBeGreaterThan(0)
    expect(failed).toBe(searches)
    expect(allFailed.stderr).toContain(`lead-signals: poll: all ${searches} searches failed`)

    world.fail('hackernews')
    const someFailed = await runCli(ws, ['poll', '--once', '--json', ...config])
    expect(JSON.parse(someFailed.stdout).totals.failed).toBeGreaterThan(0)
    expect(someFailed.code).toBe(0)

    const nothing = createWorkspace()
    try {
      await runCli(nothing, ['migrate'])
      const empty = await runCli(nothing, ['poll', '--once'])
      expect(empty.code).toBe(0)
      expect(empty.stdout).toContain('poll: completed')
    } finally {
      nothing.cleanup()
    }
  })
})

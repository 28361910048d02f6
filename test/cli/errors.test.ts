import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { createWorkspace, dump, ok, runCli, type Workspace } from './run-cli'

// One seeded database for the file: every case here must leave it exactly as it was, which each test checks.
let ws: Workspace
let teamId: string
beforeAll(async () => {
  ws = createWorkspace()
  teamId = JSON.parse(await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth', '--json'])).id
  await ok(ws, ['keyword', 'add', '--team', 'acme', 'crm', 'leads'])
  await ok(ws, ['icp', 'add', '--team', 'acme', '--name', 'Founders', '--description', 'SaaS founders'])
  ws.file(
    'good.jsonl',
    JSON.stringify({
      author: 'a',
      platform: 'reddit',
      intent: 'ACTIVE',
      score: 8,
      reason: 'r',
      content: 'looking for a crm',
      url: 'https://example.com/1',
      keyword: 'crm',
      publishedAt: '2026-10-01T00:00:00Z',
    }) + '\n',
  )
  await ok(ws, ['signals', 'import', '--team', 'acme', 'good.jsonl'])
  ws.file('bad-config.toml', '[server]\nport = 8080\nbogus = 1\n')
  ws.file('bad-type.toml', '[server]\nport = "eighty"\n')
})
afterAll(() => ws.cleanup())

/** The command fails with exit status 2, one line on stderr naming the problem, nothing on stdout, no change. */
async function expectRejected(
  args: string[],
  message: string | RegExp,
  opts: { env?: Record<string, string>; code?: number } = {},
) {
  const before = await dump(ws)
  const r = await runCli(ws, args, { env: opts.env })
  expect(r.code).toBe(opts.code ?? 2)
  expect(r.stdout).toBe('')
  const lines = r.stderr.trimEnd().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toStartWith('lead-signals: ')
  if (typeof message === 'string') expect(lines[0]).toContain(message)
  else expect(lines[0]).toMatch(message)
  expect(r.stderr).not.toContain(ws.dir)
  expect(r.stderr).not.toMatch(/\bat .*:\d+:\d+/)
  expect(await dump(ws)).toEqual(before)
}

const LONG = 'x'.repeat(201)
const cases: [string, string[], string | RegExp][] = [
  ['an unknown command', ['frobnicate'], /unknown command "frobnicate"/],
  ['help about an unknown command', ['help', 'tema'], 'unknown command "tema"; did you mean "team"?'],
  ['a command group without a subcommand', ['team'], 'team: give a command (create, list, set, remove)'],
  ['an unknown subcommand', ['key', 'rotate', '--team', 'acme'], 'key: unknown command "rotate"'],
  // keyword, icp, key, team, user and webhook have a list, so a new team reading its first lead tries signals list.
  [
    'signals list, which does not exist, says how the signals are read',
    ['signals', 'list', '--team', 'acme'],
    'signals: unknown command "list" (import, export); to read the signals: lead-signals signals export --team TEAM (CSV, or --format jsonl), or the console\'s Signals page',
  ],
  [
    'people list, which does not exist, says how the people are read',
    ['people', 'list', '--team', 'acme'],
    'people: unknown command "list" (export, forget); to read the people: lead-signals people export --team TEAM (CSV, or --format jsonl), or the console\'s People page',
  ],
  ['migrate with an unknown flag', ['migrate', '--force'], '"--force"'],
  ['migrate with a stray argument', ['migrate', 'now'], 'unexpected argument "now"'],
  ['version with a stray argument', ['version', 'extra'], 'unexpected argument "extra"'],
  ['--version with an unknown flag', ['--version', '--json'], 'unknown option "--json"; the options are --config'],
  ['team create without --name', ['team', 'create', '--plan', 'growth'], '--name is required'],
  ['team create without --plan', ['team', 'create', '--name', 'beta'], '--plan is required'],
  [
    'team create with an unknown plan',
    ['team', 'create', '--name', 'beta', '--plan', 'gold'],
    'unknown plan "gold"; plans: starter, growth, scale, ultimate',
  ],
  [
    'team create with negative credits',
    ['team', 'create', '--name', 'beta', '--plan', 'growth', '--credits=-5'],
    '--credits must be a whole number, 0 or more',
  ],
  [
    'team create with negative credits as a separate argument',
    ['team', 'create', '--name', 'beta', '--plan', 'growth', '--credits', '-5'],
    '--credits',
  ],
  [
    'team create with non-numeric credits',
    ['team', 'create', '--name', 'beta', '--plan', 'growth', '--credits', 'lots'],
    '--credits must be a whole number',
  ],
  [
    'team create with fractional credits',
    ['team', 'create', '--name', 'beta', '--plan', 'growth', '--credits', '1.5'],
    '--credits must be a whole number',
  ],
  [
    'team create with a name already taken',
    ['team', 'create', '--name', 'acme', '--plan', 'scale'],
    'a team named "acme" already exists',
  ],
  [
    'team create with a name of punctuation',
    ['team', 'create', '--name', '!!!', '--plan', 'growth'],
    'team name must be',
  ],
  [
    'team create with an unknown flag',
    ['team', 'create', '--name', 'beta', '--plan', 'growth', '--colour', 'red'],
    '"--colour"',
  ],
  ['team list with an unknown flag', ['team', 'list', '--all'], '"--all"'],
  [
    'team set on an unknown team',
    ['team', 'set', '--team', 'nobody', '--plan', 'scale'],
    'no team with id or name "nobody"',
  ],
  ['team set with an unknown plan', ['team', 'set', '--team', 'acme', '--plan', 'gold'], 'unknown plan "gold"'],
  [
    'team set with negative credits',
    ['team', 'set', '--team', 'acme', '--credits=-1'],
    '--credits must be a whole number, 0 or more',
  ],
  [
    'team set with non-numeric credits',
    ['team', 'set', '--team', 'acme', '--credits', 'ten'],
    '--credits must be a whole number',
  ],
  ['team set with nothing to change', ['team', 'set', '--team', 'acme'], 'give --name, --plan and/or --credits'],
  ['team set without --team', ['team', 'set', '--plan', 'scale'], '--team is required'],
  ['key create for an unknown team', ['key', 'create', '--team', 'nobody'], 'no team with id or name "nobody"'],
  ['key create without --team', ['key', 'create'], '--team is required'],
  [
    'key create with a label over 100 characters',
    ['key', 'create', '--team', 'acme', '--name', LONG],
    'key label must be at most 100 characters',
  ],
  ['key create with an unknown flag', ['key', 'create', '--team', 'acme', '--label', 'x'], '"--label"'],
  ['key list for an unknown team', ['key', 'list', '--team', 'nobody'], 'no team with id or name "nobody"'],
  ['key revoke without a prefix', ['key', 'revoke', '--team', 'acme'], 'give exactly one key prefix'],
  [
    'key revoke with two prefixes',
    ['key', 'revoke', '--team', 'acme', 'lsk_a', 'lsk_b'],
    'give exactly one key prefix',
  ],
  ['keyword add of an empty keyword', ['keyword', 'add', '--team', 'acme', 'sales', '  '], 'keyword 2 is empty'],
  [
    'keyword add of a keyword over 200 characters',
    ['keyword', 'add', '--team', 'acme', LONG],
    'keyword 1 is longer than 200 characters',
  ],
  ['keyword add without keywords', ['keyword', 'add', '--team', 'acme'], 'give at least one keyword'],
  [
    'keyword add for an unknown team',
    ['keyword', 'add', '--team', 'nobody', 'crm'],
    'no team with id or name "nobody"',
  ],
  ['keyword list for an unknown team', ['keyword', 'list', '--team', 'nobody'], 'no team with id or name "nobody"'],
  ['keyword remove without keywords', ['keyword', 'remove', '--team', 'acme'], 'give at least one keyword'],
  [
    'icp add with a duplicate name in another case',
    ['icp', 'add', '--team', 'acme', '--name', 'founders', '--description', 'x'],
    'already has an ICP profile named "Founders"',
  ],
  ['icp add without --description', ['icp', 'add', '--team', 'acme', '--name', 'New'], '--description is required'],
  [
    'icp add with a blank name',
    ['icp', 'add', '--team', 'acme', '--name', '   ', '--description', 'x'],
    '--name is required',
  ],
  [
    'icp add with a name over 100 characters',
    ['icp', 'add', '--team', 'acme', '--name', LONG.slice(0, 101), '--description', 'x'],
    '--name must be 1 to 100 characters',
  ],
  [
    'icp add with a description over 2000 characters',
    ['icp', 'add', '--team', 'acme', '--name', 'New', '--description', 'd'.repeat(2001)],
    '--description must be 1 to 2000 characters',
  ],
  [
    'icp add for an unknown team',
    ['icp', 'add', '--team', 'nobody', '--name', 'New', '--description', 'x'],
    'no team with id or name "nobody"',
  ],
  ['icp list for an unknown team', ['icp', 'list', '--team', 'nobody'], 'no team with id or name "nobody"'],
  ['icp remove without --name', ['icp', 'remove', '--team', 'acme'], '--name is required'],
  [
    'signals import for an unknown team',
    ['signals', 'import', '--team', 'nobody', 'good.jsonl'],
    'no team with id or name "nobody"',
  ],
  ['signals import without a file', ['signals', 'import', '--team', 'acme'], 'give exactly one FILE'],
  [
    'signals import of a missing file',
    ['signals', 'import', '--team', 'acme', 'missing.jsonl'],
    'cannot read "missing.jsonl": no such file',
  ],
  ['signals import of a folder', ['signals', 'import', '--team', 'acme', '.'], 'cannot read ".": it is a directory'],
  ['signals import without --team', ['signals', 'import', 'good.jsonl'], '--team is required'],
]

describe('wrong input', () => {
  test.each(cases)('%s fails with one clear line and leaves the database unchanged', async (_name, args, message) => {
    await expectRejected(args, message)
  })

  // docs/operations.md#command-line: a profile, key or keyword that is not there is not_found, as in the console, so
  // the exit status is 1: the command was well formed, the thing it names is not the team's.
  const notThere: [string, string[], string][] = [
    [
      'icp remove of an unknown profile',
      ['icp', 'remove', '--team', 'acme', '--name', 'Ghosts'],
      'no ICP profile named "Ghosts"',
    ],
    [
      'key revoke of an unknown prefix',
      ['key', 'revoke', '--team', 'acme', 'lsk_unknown1'],
      'the team has no active key with prefix "lsk_unknown1"',
    ],
    [
      'keyword remove of one untracked keyword among tracked ones',
      ['keyword', 'remove', '--team', 'acme', 'crm', 'ghost'],
      'not tracked by this team: "ghost"; nothing was removed',
    ],
  ]
  test.each(notThere)(
    '%s exits 1 with one clear line and leaves the database unchanged',
    async (_name, args, message) => {
      await expectRejected(args, message, { code: 1 })
    },
  )

  test('a team can be named by its id in every command that takes --team', async () => {
    expect(JSON.parse(await ok(ws, ['keyword', 'list', '--team', teamId, '--json']))).toEqual(['crm', 'leads'])
  })
})

const EVERY_COMMAND = [
  ['migrate'],
  ['team', 'create', '--name', 'beta', '--plan', 'growth'],
  ['team', 'list'],
  ['team', 'set', '--team', 'acme', '--credits', '3'],
  ['key', 'create', '--team', 'acme'],
  ['key', 'list', '--team', 'acme'],
  ['key', 'revoke', '--team', 'acme', 'lsk_x'],
  ['keyword', 'add', '--team', 'acme', 'new'],
  ['keyword', 'list', '--team', 'acme'],
  ['keyword', 'remove', '--team', 'acme', 'crm'],
  ['icp', 'add', '--team', 'acme', '--name', 'N', '--description', 'd'],
  ['icp', 'list', '--team', 'acme'],
  ['icp', 'remove', '--team', 'acme', '--name', 'Founders'],
  ['signals', 'import', '--team', 'acme', 'good.jsonl'],
]

describe('bad configuration', () => {
  test.each(EVERY_COMMAND.map((args) => [args.slice(0, 2).join(' '), args] as const))(
    '%s with an unknown key in --config exits 2 naming the key',
    async (_name, args) => {
      await expectRejected(
        [...args, '--config', 'bad-config.toml'],
        'config: server.bogus (in the file given by --config): unknown key',
      )
    },
  )

  test('a value of the wrong type is named with its key', async () => {
    await expectRejected(
      ['team', 'list', '--config', 'bad-type.toml'],
      /config: server\.port \(in the file given by --config\): /,
    )
  })

  test('an unknown key from the environment is named', async () => {
    await expectRejected(['team', 'list'], 'LEAD_SIGNALS_SERVER_BOGUS is not a configuration key', {
      env: { LEAD_SIGNALS_SERVER_BOGUS: '1' },
    })
  })

  test('a triage setting it does not know stops poll --once before any work, naming the key', async () => {
    await expectRejected(['poll', '--once'], 'config: scorer.triage (from LEAD_SIGNALS_SCORER_TRIAGE): ', {
      env: { LEAD_SIGNALS_SCORER_TRIAGE: 'always' },
    })
    await expectRejected(
      ['poll', '--once'],
      'config: scorer.triage_min_buyer (from LEAD_SIGNALS_SCORER_TRIAGE_MIN_BUYER): ',
      {
        env: { LEAD_SIGNALS_SCORER_TRIAGE_MIN_BUYER: '2' },
      },
    )
  })

  test('a configuration file that cannot be read is an error that does not print its path', async () => {
    await expectRejected(
      ['team', 'list', '--config', 'nope.toml'],
      'cannot read the configuration file given by --config: no such file',
    )
  })
})

// README: "alone in a directory it creates ./data/". The default database is relative to the working directory, so a
// command run from another directory than serve's (or by an MCP client, in its own) finds none there: it says so and
// creates nothing, where it used to create an empty database and then fail on an unknown team or key.
describe('a command run where there is no database yet', () => {
  const DEFAULT_DATABASE = { LEAD_SIGNALS_DATABASE_URL: 'file:./data/lead-signals.db' }
  const NO_DATABASE =
    "lead-signals: no database at ./data/lead-signals.db under the directory this command runs in: run the command where serve runs, or with serve's --config or LEAD_SIGNALS_DATABASE_URL (serve and team create start a new database)"

  test('a command that reads a team refuses, names where it looked and creates no database', async () => {
    const elsewhere = createWorkspace()
    try {
      for (const argv of [
        ['key', 'create', '--team', 'acme'],
        ['team', 'list'],
        ['signals', 'export', '--team', 'acme', '--format', 'jsonl'],
        ['poll', '--once'],
        ['mcp', '--api-key', 'ls_live_nothing'],
      ]) {
        const r = await runCli(elsewhere, argv, { env: DEFAULT_DATABASE })
        expect({ argv, code: r.code, stderr: r.stderr.trimEnd() }).toEqual({ argv, code: 2, stderr: NO_DATABASE })
      }
      expect(existsSync(join(elsewhere.dir, 'data'))).toBe(false)
    } finally {
      elsewhere.cleanup()
    }
  })

  test('team create starts the database, and the commands after it use it', async () => {
    const fresh = createWorkspace()
    try {
      await ok(fresh, ['team', 'create', '--name', 'acme', '--plan', 'growth'], { env: DEFAULT_DATABASE })
      expect(existsSync(join(fresh.dir, 'data', 'lead-signals.db'))).toBe(true)
      const listed = await ok(fresh, ['team', 'list', '--json'], { env: DEFAULT_DATABASE })
      expect(JSON.parse(listed).map((t: { name: string }) => t.name)).toEqual(['acme'])
    } finally {
      fresh.cleanup()
    }
  })

  test('an unknown team in a database with no team says so and names the database the command used', async () => {
    const empty = createWorkspace()
    try {
      await ok(empty, ['migrate'])
      const r = await runCli(empty, ['key', 'create', '--team', 'acme'])
      expect(r.code).toBe(2)
      // LEAD_SIGNALS_DATABASE_URL names the workspace's file: that file is the one named, not the default one.
      expect(r.stderr.trimEnd().split('\n')).toEqual([
        `lead-signals: no team with id or name "acme": the database ${join(empty.dir, 'test.db')} has no team at all: run the command where serve runs, or with serve's --config or LEAD_SIGNALS_DATABASE_URL`,
      ])
      await ok(empty, ['migrate'], { env: DEFAULT_DATABASE })
      const relative = await runCli(empty, ['key', 'create', '--team', 'acme'], { env: DEFAULT_DATABASE })
      expect(relative.stderr.trimEnd()).toBe(
        `lead-signals: no team with id or name "acme": the database ./data/lead-signals.db under the directory this command runs in has no team at all: run the command where serve runs, or with serve's --config or LEAD_SIGNALS_DATABASE_URL`,
      )
    } finally {
      empty.cleanup()
    }
  })
})

import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { expectRejected, seededWorkspace } from './rejected'
import { ok, type Workspace } from './run-cli'

// Wrong input on the command line: one seeded database for the file, which every case here must leave exactly as it
// was (expectRejected checks). Bad configuration is in config-errors.test.ts, no database at all in
// no-database.test.ts.
let ws: Workspace
let teamId: string
beforeAll(async () => {
  ;({ ws, teamId } = await seededWorkspace())
})
afterAll(() => ws.cleanup())

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
    'keyword 1 is 201 characters; keywords are 1 to 200 characters',
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
    await expectRejected(ws, args, message)
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
      await expectRejected(ws, args, message, { code: 1 })
    },
  )

  test('a team can be named by its id in every command that takes --team', async () => {
    expect(JSON.parse(await ok(ws, ['keyword', 'list', '--team', teamId, '--json']))).toEqual(['crm', 'leads'])
  })
})

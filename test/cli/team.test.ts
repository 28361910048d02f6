import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { migrations } from '../../drizzle/migrations'
import { createWorkspace, ok, query, runCli, type Workspace } from './run-cli'

let ws: Workspace
beforeEach(() => {
  ws = createWorkspace()
})
afterEach(() => ws.cleanup())

describe('migrate', () => {
  test('it applies the migrations to a new database, then reports that the database is up to date', async () => {
    const first = await runCli(ws, ['migrate'])
    expect(first.code).toBe(0)
    expect(first.stdout).toBe(`applied ${migrations.length} migrations: ${migrations.map((m) => m.tag).join(', ')}\n`)
    expect(migrations.slice(0, 2).map((m) => m.tag)).toEqual(['0000_init', '0001_polling'])
    expect(await query(ws, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'teams'")).toHaveLength(1)
    const again = await runCli(ws, ['migrate'])
    expect(again).toEqual({ code: 0, stdout: 'database is up to date\n', stderr: '' })
  })

  test('a database a newer version migrated is not called up to date: exit 1, one line saying what to do', async () => {
    await ok(ws, ['migrate'])
    const later = migrations[migrations.length - 1].when + 1
    await query(ws, `INSERT INTO "__drizzle_migrations" ("hash", "created_at") VALUES ('newer', ${later})`)
    const r = await runCli(ws, ['migrate'])
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr:
        "lead-signals: the database was migrated by a newer version of lead-signals (database schema 0034; this executable's is 0033_bluesky_accounts), which this one cannot undo: run that version, or restore the backup taken before the upgrade (docs/operations.md#upgrades)\n",
    })
  })
})

describe('team create', () => {
  test('it prints the new key once with a note that it is shown once', async () => {
    const r = await runCli(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe('')
    expect(r.stdout).toContain('Created team "acme"')
    expect(r.stdout).toContain('on plan growth')
    expect(r.stdout).toContain('shown once')
    const keys = r.stdout.match(/lsk_[A-Za-z0-9_-]{43}/g)
    expect(keys).toHaveLength(1)
    const [team] = await query(ws, 'SELECT name, plan, credits FROM teams')
    expect(team).toEqual({ name: 'acme', plan: 'growth', credits: 0 })
  })

  // "on plan growth with 0 credits" read as a team that could make no request: the plan's 500 a month went unsaid.
  test('it says what the plan allows, not only the credits', async () => {
    const said = async (plan: string, ...more: string[]) =>
      (await runCli(ws, ['team', 'create', '--name', plan, '--plan', plan, ...more])).stdout.split('\n')[0]
    expect(await said('growth')).toEndWith('on plan growth (500 API requests a month).')
    expect(await said('scale', '--credits', '40')).toEndWith(
      'on plan scale (2500 API requests a month, then 40 credits).',
    )
    expect(await said('ultimate')).toEndWith('on plan ultimate (100 credits, topped up to 100 each month).')
    expect(await said('starter')).toEndWith('on plan starter.')
  })

  // Without --plan the first command said only "--plan is required": the plans were learnt by guessing one wrong.
  test('without --plan it names the plans to choose from', async () => {
    const r = await runCli(ws, ['team', 'create', '--name', 'acme'])
    expect(r).toMatchObject({ code: 2, stdout: '' })
    expect(r.stderr).toBe(
      'lead-signals: --plan is required: one of starter, growth, scale, ultimate (docs/api.md#plans)\n',
    )
  })

  // A new install's first command said what it made and nothing of what comes next, where keyword add and icp add
  // each end on it (docs/operations.md#teams-keys-keywords-and-profiles). The key stays the last line, for a script
  // that keeps it with tail -1.
  test('it says what comes next, the key staying last', async () => {
    const out = (await runCli(ws, ['team', 'create', '--name', 'acme corp', '--plan', 'growth'])).stdout.trimEnd()
    const lines = out.split('\n')
    expect(lines.at(-1)).toMatch(/^ {2}lsk_[A-Za-z0-9_-]{43}$/)
    expect(lines).toContain(
      'Next: lead-signals keyword add --team "acme corp" "KEYWORD" says what to search for; lead-signals user create --team "acme corp" --email EMAIL --role owner lets you sign in to the console.',
    )
  })

  test('with --json it prints exactly id, name, plan, apiKey, apiAccess and note, and --credits sets the balance', async () => {
    const out = JSON.parse(
      await ok(ws, ['team', 'create', '--name', 'beta', '--plan', 'scale', '--credits', '25', '--json']),
    )
    expect(Object.keys(out).sort()).toEqual(['apiAccess', 'apiKey', 'id', 'name', 'note', 'plan'])
    expect(out).toMatchObject({ name: 'beta', plan: 'scale' })
    expect(out.id).toMatch(/^team_/)
    expect(out.apiKey).toMatch(/^lsk_[A-Za-z0-9_-]{43}$/)
    expect(await query(ws, 'SELECT id, credits FROM teams')).toEqual([{ id: out.id, credits: 25 }])
  })
})

describe('team list', () => {
  test('on an empty database it says there are no teams, and --json prints an empty array', async () => {
    await ok(ws, ['migrate'])
    expect(await ok(ws, ['team', 'list'])).toContain('no teams yet')
    expect(JSON.parse(await ok(ws, ['team', 'list', '--json']))).toEqual([])
  })

  test('it shows each team with plan, usage this month and credits, as a table and as JSON', async () => {
    await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
    await ok(ws, ['team', 'create', '--name', 'old-timer', '--plan', 'ultimate', '--credits', '3'])
    const teams = JSON.parse(await ok(ws, ['team', 'list', '--json']))
    expect(teams.map((t: { name: string }) => t.name)).toEqual(['acme', 'old-timer'])
    expect(teams[0]).toMatchObject({
      name: 'acme',
      plan: 'growth',
      usage: { used: 0, limit: 500, remaining: 500 },
      credits: 0,
    })
    // The ultimate plan tops the balance up to its monthly allowance.
    expect(teams[1]).toMatchObject({ name: 'old-timer', plan: 'ultimate', credits: 100 })
    expect(teams[0].id).toMatch(/^team_/)

    const table = (await ok(ws, ['team', 'list'])).trimEnd().split('\n')
    expect(table[0]).toMatch(/^NAME\s+ID\s+PLAN\s+USED\s+LIMIT\s+REMAINING\s+CREDITS$/)
    expect(table[1]).toMatch(/^acme\s+team_\S+\s+growth\s+0\s+500\s+500\s+0$/)
    expect(table).toHaveLength(3)
    expect(table.join('\n')).not.toContain('lsk_')
  })
})

describe('team set', () => {
  test('it changes the plan and the credits of a team named by name or by id', async () => {
    const { id } = JSON.parse(await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth', '--json']))
    expect(await ok(ws, ['team', 'set', '--team', 'acme', '--plan', 'scale'])).toContain('plan scale, credits 0')
    expect(await query(ws, 'SELECT plan, credits FROM teams')).toEqual([{ plan: 'scale', credits: 0 }])
    await ok(ws, ['team', 'set', '--team', id, '--credits', '40'])
    expect(await query(ws, 'SELECT plan, credits FROM teams')).toEqual([{ plan: 'scale', credits: 40 }])
    await ok(ws, ['team', 'set', '--team', 'acme', '--plan', 'starter', '--credits', '0'])
    expect(await query(ws, 'SELECT plan, credits FROM teams')).toEqual([{ plan: 'starter', credits: 0 }])
  })
})

describe('team set onto a credit plan', () => {
  test('it says the credits come at the start of next month, and how to give them now', async () => {
    await ok(ws, ['team', 'create', '--name', 'acme corp', '--plan', 'growth'])
    const out = await ok(ws, ['team', 'set', '--team', 'acme corp', '--plan', 'ultimate'])
    expect(out).toBe(
      'Team "acme corp": plan ultimate, credits 0.\n' +
        'The ultimate plan tops the balance up to 100 credits at the start of next month (UTC), not now: until then ' +
        'the team has 0. To give them now: lead-signals team set --team "acme corp" --credits 100\n',
    )
    // With the credits given, or enough of them already, there is nothing to say.
    expect(await ok(ws, ['team', 'set', '--team', 'acme corp', '--plan', 'ultimate', '--credits', '100'])).toBe(
      'Team "acme corp": plan ultimate, credits 100.\n',
    )
  })
})

describe('help', () => {
  test('a command group answers --help with its commands on stdout and exit status 0', async () => {
    const r = await runCli(ws, ['team', '--help'])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('lead-signals team create --name NAME --plan PLAN')
    expect(r.stdout).toContain('lead-signals team set --team TEAM')
    const sub = await runCli(ws, ['signals', 'import', '--help'])
    expect(sub.code).toBe(0)
    expect(sub.stdout).toContain('signals import --team TEAM FILE [--skip-invalid] [--json]')
  })

  test('without a command the usage goes to stderr with exit status 2', async () => {
    const r = await runCli(ws, [])
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toStartWith('usage: lead-signals <command>')
  })

  test('the top-level usage lists every command', async () => {
    const r = await runCli(ws, ['--help'])
    expect(r.code).toBe(0)
    for (const c of [
      'migrate',
      'team create',
      'team list',
      'team set',
      'key create',
      'key list',
      'key revoke',
      'keyword add',
      'keyword list',
      'icp add',
      'icp list',
      'icp remove',
      'signals import',
    ]) {
      expect(r.stdout).toContain(c)
    }
  })
})

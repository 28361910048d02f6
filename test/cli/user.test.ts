import { afterAll, afterEach, beforeEach, describe, expect, test, setDefaultTimeout } from 'bun:test'
import { ok, query, runCli, type Workspace, MANY_PROCESSES_MS, withTeam } from './run-cli'

setDefaultTimeout(MANY_PROCESSES_MS)

// Each test on a database of its own holding team acme (test/cli/team.test.ts checks team create).
const withAcme = withTeam('acme')
let ws: Workspace
beforeEach(async () => {
  ws = await withAcme.make()
})
afterEach(() => ws.cleanup())
afterAll(() => withAcme.cleanup())

describe('lead-signals user (docs/console.md#first-user)', () => {
  test('create reads the password from standard input and stores only an Argon2id hash', async () => {
    const out = await ok(ws, ['user', 'create', '--team', 'acme', '--email', 'Ann@Acme.test', '--role', 'owner'], {
      stdin: 'a long enough secret\n',
    })
    expect(out).toContain('Created owner ann@acme.test in team acme')
    const [row] = await query(ws, 'SELECT email, role, password_hash FROM users')
    expect(row.email).toBe('ann@acme.test')
    expect(String(row.password_hash)).toStartWith('$argon2id$')
    expect(String(row.password_hash)).not.toContain('a long enough secret')
    expect(JSON.parse(await ok(ws, ['user', 'list', '--team', 'acme', '--json']))).toEqual([
      { email: 'ann@acme.test', role: 'owner', createdAt: expect.any(String) },
    ])
  })

  // It said "they can sign in to the console now" and not where: the address is serve's with this configuration.
  test.each([
    [{}, 'http://127.0.0.1:8080/'],
    [{ LEAD_SIGNALS_SERVER_HOST: '127.0.0.1', LEAD_SIGNALS_SERVER_PORT: '9000' }, 'http://127.0.0.1:9000/'],
    [{ LEAD_SIGNALS_SERVER_PUBLIC_URL: 'https://leads.example.com' }, 'https://leads.example.com/'],
  ])('create names where to sign in: %o gives %s', async (env, address) => {
    const out = await ok(ws, ['user', 'create', '--team', 'acme', '--email', 'ann@acme.test'], {
      stdin: 'a long enough secret\n',
      env,
    })
    expect(out).toBe(
      `Created member ann@acme.test in team acme; they can sign in now at ${address} (the console of serve with this configuration).\n`,
    )
  })

  test('a taken email, a short password, an unknown role or no password is refused and changes nothing', async () => {
    await ok(ws, ['user', 'create', '--team', 'acme', '--email', 'ann@acme.test'], { stdin: 'a long enough secret\n' })
    const cases: [string[], string | undefined, RegExp][] = [
      [['--email', 'ANN@acme.test'], 'another long secret', /already exists/],
      [['--email', 'bob@acme.test'], 'short', /at least 8 characters/],
      [['--email', 'bob@acme.test', '--role', 'admin'], 'a long enough secret', /role must be one of owner, member/],
      [['--email', 'bob@acme.test'], undefined, /password on standard input/],
      [['--email', 'not an email'], 'a long enough secret', /name@host/],
    ]
    for (const [flags, stdin, message] of cases) {
      const r = await runCli(ws, ['user', 'create', '--team', 'acme', ...flags], { stdin })
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(message)
    }
    expect(await query(ws, 'SELECT email FROM users')).toEqual([{ email: 'ann@acme.test' }])
  })

  test('password and remove end the user’s sessions', async () => {
    await ok(ws, ['user', 'create', '--team', 'acme', '--email', 'ann@acme.test'], { stdin: 'a long enough secret\n' })
    const [user] = await query(ws, 'SELECT id FROM users')
    const session = (id: string) =>
      query(ws, 'INSERT INTO sessions (id, token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)', [
        id,
        `hash-${id}`,
        String(user.id),
        '2026-11-23T00:00:00.000Z',
        Date.now() + 3_600_000,
      ])
    await session('s1')
    await ok(ws, ['user', 'password', '--email', 'ann@acme.test'], { stdin: 'another long secret\n' })
    expect(await query(ws, 'SELECT id FROM sessions')).toEqual([])
    await session('s2')
    expect(await ok(ws, ['user', 'remove', '--team', 'acme', '--email', 'ann@acme.test'])).toContain('Removed')
    expect(await query(ws, 'SELECT id FROM sessions')).toEqual([])
    const again = await runCli(ws, ['user', 'remove', '--team', 'acme', '--email', 'ann@acme.test'])
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('has no user ann@acme.test')
  })
})

// On a terminal the password is asked for twice; an unknown team or user was said only after both were typed. Both are
// now checked first: with no password sent at all, the refusal is about them, not the missing password.
describe('user create and user password check what they name before asking for the password', () => {
  test('an unknown team, a malformed e-mail or an unknown user is refused with no password read', async () => {
    const cases: [string[], string][] = [
      [['user', 'create', '--team', 'nobody', '--email', 'a@acme.test'], 'no team with id or name "nobody"'],
      [['user', 'create', '--team', 'acme', '--email', 'not-an-address'], 'the email must look like name@host'],
      [['user', 'password', '--email', 'nobody@acme.test'], 'no user has the email nobody@acme.test'],
    ]
    for (const [args, said] of cases) {
      const r = await runCli(ws, args)
      expect({ args, stderr: r.stderr }).toEqual({ args, stderr: expect.stringContaining(said) })
    }
  })
})

// An e-mail pasted with a control or direction character (`a\e[2J@acme.test`) was kept: a user nobody can type the
// address of to sign in, shown as U+FFFD in every listing. It is refused as an address that does not look like one.
test('an e-mail holding a control or direction character is refused and nothing is made', async () => {
  for (const email of ['ann\u001b[2J@acme.test', 'ann@acme\u202e.test']) {
    const r = await runCli(ws, ['user', 'create', '--team', 'acme', '--email', email], {
      stdin: 'a long enough secret\n',
    })
    expect({ email, code: r.code, stderr: r.stderr }).toEqual({
      email,
      code: 2,
      stderr: 'lead-signals: the email must look like name@host\n',
    })
  }
  expect(await query(ws, 'SELECT email FROM users')).toEqual([])
})

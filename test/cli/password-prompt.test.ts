// `user create` on a terminal (docs/console.md#people-and-sessions): a password the service would refuse is refused as
// it is typed the first time. It was asked for again ("Repeat the password:") and only then refused as too short,
// so an operator typed a refused password twice.
import { afterEach, describe, expect, test } from 'bun:test'
import { resolve } from 'node:path'
import { cleanEnv, createWorkspace, ok, query, type Workspace } from './run-cli'

const MAIN = resolve(import.meta.dir, '../../src/main.ts')
let ws: Workspace
afterEach(() => ws.cleanup())

/** `user create` on a pseudo-terminal; `typed` is sent a line at a time, each once the prompt before it is shown. */
async function createOnTerminal(typed: string[]) {
  let shown = ''
  const decoder = new TextDecoder()
  const proc = Bun.spawn([process.execPath, MAIN, 'user', 'create', '--team', 'acme', '--email', 'ann@acme.test'], {
    cwd: ws.dir,
    env: { ...cleanEnv(), LEAD_SIGNALS_DATABASE_URL: ws.dbUrl },
    terminal: {
      data: (_t, bytes) => {
        shown += decoder.decode(bytes, { stream: true })
      },
    },
    timeout: 20_000,
  })
  for (const [i, line] of typed.entries()) {
    while (shown.split(/Password: |Repeat the password: /).length <= i + 1 && proc.exitCode === null)
      await Bun.sleep(20)
    proc.terminal?.write(`${line}\r`)
  }
  const code = await proc.exited
  proc.terminal?.close()
  return { code, shown }
}

describe('user create on a terminal', () => {
  test('a password too short is refused at once, not after it was typed again', async () => {
    ws = createWorkspace()
    await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
    const r = await createOnTerminal(['short', 'short'])
    expect(r.code).toBe(2)
    expect(r.shown).toContain('the password must have at least 8 characters')
    expect(r.shown).not.toContain('Repeat the password')
    expect(await query(ws, 'select email from users')).toEqual([])
  })

  test('a good password is asked for twice and the user is made', async () => {
    ws = createWorkspace()
    await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
    const r = await createOnTerminal(['correct horse battery staple', 'correct horse battery staple'])
    expect(r.shown).toContain('Repeat the password')
    expect(r.code).toBe(0)
    expect(await query(ws, 'select email from users')).toEqual([{ email: 'ann@acme.test' }])
  })
})

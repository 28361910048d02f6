// docs/performance.md#the-command-lines-start: a command loads what it runs. Each test process and each user's
// `key list` pays for every module the command parses, so what one does not need is kept out of its start.
import { afterAll, expect, setDefaultTimeout, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { cleanEnv, MANY_PROCESSES_MS, runCli, withTeam } from './run-cli'

setDefaultTimeout(MANY_PROCESSES_MS)

const PRELOAD = resolve(import.meta.dir, '../support/loaded-modules.ts')
const copies = withTeam('acme')
afterAll(() => copies.cleanup())

/** The modules `lead-signals ARGS` loaded, as paths under the checkout (node_modules' with their package's name). */
async function loadedBy(args: string[], env: Record<string, string> = {}, code = 0): Promise<string[]> {
  const ws = await copies.make()
  try {
    const to = join(ws.dir, 'modules.txt')
    const r = await runCli(ws, ['--preload', PRELOAD, resolve(import.meta.dir, '../../src/main.ts'), ...args], {
      executable: process.execPath,
      env: { LOADED_MODULES_TO: to, ...env },
    })
    // A failing command says why in its log (stderr); one that succeeds says nothing there.
    if (code === 0) expect(r.stderr).toBe('')
    else expect(r.stderr).not.toContain('    at ')
    expect(r.code).toBe(code)
    return readFileSync(to, 'utf8').split('\n')
  } finally {
    ws.cleanup()
  }
}

const under = (modules: string[], ...parts: string[]) =>
  modules.filter((m) => parts.some((p) => m.includes(p))).map((m) => m.replace(/.*\/(node_modules|src)\//, '$1/'))

test('key list on a database file loads neither the libSQL server client nor the server, scorers or platforms', async () => {
  const modules = await loadedBy(['key', 'list', '--team', 'acme'])
  expect(under(modules, '/src/storage/engine/local-client.ts')).toHaveLength(1)
  expect(
    under(
      modules,
      '/@libsql/client/',
      '/@libsql/hrana-client/',
      '/elysia/',
      '/src/http/',
      '/src/scorers/',
      '/src/platforms/',
    ),
  ).toEqual([])
})

// No platform answers here (port 9 is refused), so the check fails with 1, as a user's unreachable platform would.
const UNREACHABLE = { LEAD_SIGNALS_PLATFORMS_HACKERNEWS_BASE_URL: 'http://127.0.0.1:9' }

test('platforms check searches without loading a scorer: it never scores', async () => {
  const modules = await loadedBy(['platforms', 'check', '--platform', 'hackernews'], UNREACHABLE, 1)
  expect(under(modules, '/src/platforms/hackernews/').length).toBeGreaterThan(0)
  // The scorers' words (what a message about a model server says) are not a scorer.
  const scorers = ['/src/scorers/model/', '/src/scorers/rules/', '/src/scorers/ollama', '/src/scorers/openai']
  expect(under(modules, ...scorers, '/src/domain/scoring/scoring-service.ts')).toEqual([])
})

test("poll on the rules backend loads the rules and the model it scores with, not the model servers' scorers", async () => {
  const modules = await loadedBy(['poll', '--once'], { LEAD_SIGNALS_SCORER_BACKEND: 'rules' })
  expect(under(modules, '/src/scorers/rules/index.ts', '/src/scorers/model/index.ts')).toHaveLength(2)
  expect(under(modules, '/src/scorers/ollama', '/src/scorers/openai')).toEqual([])
})

test('--version loads neither the database engine nor drizzle', async () => {
  const modules = await loadedBy(['--version'])
  expect(under(modules, '/node_modules/libsql/', '/drizzle-orm/', '/@libsql/')).toEqual([])
})

test('serve starts without the e-mail sender, which the first message loads', async () => {
  const ws = await copies.make()
  try {
    const to = join(ws.dir, 'modules.txt')
    const server = Bun.spawn(
      [process.execPath, '--preload', PRELOAD, resolve(import.meta.dir, '../../src/main.ts'), 'serve'],
      {
        cwd: ws.dir,
        env: {
          ...cleanEnv(),
          LEAD_SIGNALS_DATABASE_URL: ws.dbUrl,
          LEAD_SIGNALS_SERVER_PORT: '0',
          LEAD_SIGNALS_POLLING_ENABLED: 'false',
          LOADED_MODULES_TO: to,
        },
        stdout: 'pipe',
        stderr: 'pipe',
      },
    )
    let said = ''
    for await (const chunk of server.stdout) {
      said += new TextDecoder().decode(chunk)
      if (said.includes('"listening"')) break
    }
    server.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    const modules = readFileSync(to, 'utf8').split('\n')
    // The server did load: its HTTP app is there.
    expect(under(modules, '/node_modules/elysia/').length).toBeGreaterThan(0)
    expect(under(modules, '/node_modules/nodemailer/')).toEqual([])
  } finally {
    ws.cleanup()
  }
})

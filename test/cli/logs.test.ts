// What the executable's log lines say, seen from outside: the CLI and serve as separate processes.
import { afterEach, describe, expect, test } from 'bun:test'
import { resolve } from 'node:path'
import { processWorld, type ProcessWorld, spawnChild } from '../process/child'
import { cleanEnv, createWorkspace, ok, query, runCli, type Workspace } from './run-cli'
import { REFUSED_ORIGIN } from '../support/refused'

const MAIN = resolve(import.meta.dir, '../../src/main.ts')
const cleanups: (() => void)[] = []
afterEach(() => {
  while (cleanups.length) cleanups.pop()?.()
})
const workspace = (): Workspace => {
  const ws = createWorkspace()
  cleanups.push(ws.cleanup)
  return ws
}

describe('no SQL parameters or statements in a log line', () => {
  test('a command whose write the database refuses logs the SQLite code, not the statement or the values', async () => {
    const ws = workspace()
    await ok(ws, ['migrate'])
    // A real refusal from the engine, inside the command's own INSERT (which drizzle reports with its parameters).
    await query(ws, "CREATE TRIGGER refuse BEFORE INSERT ON teams BEGIN SELECT RAISE(ABORT, 'refused'); END")
    const r = await runCli(ws, ['team', 'create', '--name', 'secret-team-name', '--plan', 'growth'])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('SQLITE_CONSTRAINT')
    expect(r.stderr).not.toContain('secret-team-name')
    expect(r.stderr).not.toMatch(/params|insert into|Failed query/i)
  })
})

/**
 * Runs the CLI on a pseudo-terminal (stdout and stderr are a TTY, as in an operator's shell); returns what it showed.
 */
async function onTerminal(ws: Workspace, args: string[], env: Record<string, string> = {}) {
  let shown = ''
  const decoder = new TextDecoder()
  const proc = Bun.spawn([process.execPath, MAIN, ...args], {
    cwd: ws.dir,
    env: { ...cleanEnv(), LEAD_SIGNALS_DATABASE_URL: ws.dbUrl, LEAD_SIGNALS_SCORER_BACKEND: 'rules', ...env },
    terminal: {
      data: (_t, bytes) => {
        shown += decoder.decode(bytes, { stream: true })
      },
    },
    timeout: 20_000,
  })
  const code = await proc.exited
  proc.terminal?.close()
  return { code, lines: shown.split(/\r?\n/).filter(Boolean) }
}

describe('log format', () => {
  const failingPlatform = async (ws: Workspace) => {
    // A closed port: the search fails for real, and the pass logs it.
    await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
    await ok(ws, ['keyword', 'add', '--team', 'acme', 'crm'])
    return {
      LEAD_SIGNALS_PLANS_GROWTH_PLATFORMS: 'hackernews',
      LEAD_SIGNALS_PLATFORMS_HACKERNEWS_BASE_URL: REFUSED_ORIGIN,
    }
  }

  test('on a terminal a log line is short and readable', async () => {
    const ws = workspace()
    const { lines } = await onTerminal(ws, ['poll', '--once'], await failingPlatform(ws))
    // Log lines only: not the exit line, nor the summary's advice that names the event
    // (docs/operations.md#when-a-pass-finds-nothing).
    const logged = lines.filter(
      (l) => l.includes('platform_unreachable') && !l.includes('lead-signals:') && !l.startsWith('hackernews:'),
    )
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} WARN {2}platform_unreachable platform=hackernews err="[^"]+"$/)
  })

  test('otherwise each log line is one JSON object', async () => {
    const ws = workspace()
    const r = await runCli(ws, ['poll', '--once'], { env: await failingPlatform(ws) })
    const lines = r.stderr
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('{'))
    expect(lines.map((l) => JSON.parse(l).event)).toContain('platform_unreachable')
  })
})

describe('the listening line names the address really listened on', () => {
  let world: ProcessWorld | undefined
  afterEach(() => world?.cleanup())

  const listeningOn = async (host: string) => {
    world = processWorld({ server: { host, port: 0 }, scorer: { backend: 'rules' }, polling: { enabled: false } })
    const child = spawnChild(world, ['serve'])
    try {
      await child.waitForOutput('the listening line', (o) => o.stdout.includes('"event":"listening"'))
      const line = JSON.parse(
        child
          .stdout()
          .split('\n')
          .find((l) => l.startsWith('{"event":"listening","url":')) as string,
      )
      const health = await fetch(`${line.url}/swagger/json`)
      return { line, reachable: health.status }
    } finally {
      child.proc.kill('SIGTERM')
      await child.exited()
    }
  }

  test('0.0.0.0: the bound host and port, a note that every interface answers, and a local URL that works', async () => {
    const { line, reachable } = await listeningOn('0.0.0.0')
    expect(line.host).toBe('0.0.0.0')
    expect(line.port).toBeGreaterThan(0)
    expect(line.url).toBe(`http://127.0.0.1:${line.port}`)
    expect(line.note).toBe(`listening on all interfaces (0.0.0.0:${line.port}); from this machine use the url`)
    expect(reachable).toBe(200)
  })

  test('a specific host is named as it is, with no note', async () => {
    const { line, reachable } = await listeningOn('127.0.0.1')
    expect(line).toMatchObject({ host: '127.0.0.1', url: `http://127.0.0.1:${line.port}` })
    expect(line.note).toBeUndefined()
    expect(reachable).toBe(200)
  })
})

// What a new operator meets first: the version, stray arguments, running the CLI from a clone.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { ACME_COMMANDS } from './acme-commands'
import { cleanEnv, createWorkspace, dump, ok, runCli, type Workspace } from './run-cli'

const REPO = resolve(import.meta.dir, '../..')
const NUMBER = (JSON.parse(readFileSync(resolve(REPO, 'package.json'), 'utf8')) as { version: string }).version
// Every build says 0.1.0: the newest migration it carries tells two builds apart (docs/operations.md#upgrades).
const JOURNAL = JSON.parse(readFileSync(resolve(REPO, 'drizzle/meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[]
}
const VERSION = `${NUMBER} (database schema ${JOURNAL.entries[JOURNAL.entries.length - 1].tag})`

let ws: Workspace
beforeAll(async () => {
  ws = createWorkspace()
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
  await ok(ws, ['icp', 'add', '--team', 'acme', '--name', 'Founders', '--description', 'SaaS founders'])
  ws.file('one.jsonl', '')
})
afterAll(() => ws.cleanup())

describe('the version', () => {
  test.each([['--version'], ['-v'], ['version']])(
    '%s prints the version of package.json and the newest migration, and exits 0',
    async (flag) => {
      const r = await runCli(ws, [flag])
      expect(r).toEqual({ code: 0, stdout: `lead-signals ${VERSION}\n`, stderr: '' })
    },
  )
})

// Every command with the least it needs, plus one argument it does not take. A server started by mistake is killed
// after the bound, so it shows as a status other than 2.
const STRAY: string[][] = [
  ['serve'],
  ['serve', '--demo'],
  ...ACME_COMMANDS,
  ['poll', '--once'],
  ['mcp', '--api-key', 'lsk_x'],
]

describe('stray arguments are an error', () => {
  test.each(STRAY.map((args) => [args.join(' '), args] as const))(
    '%s STRAY exits 2 with one line, changing nothing',
    async (_name, args) => {
      const before = await dump(ws)
      const command = args.filter((_a, i) => !args.slice(0, i + 1).some((b) => b.startsWith('-'))).join(' ')
      const r = await runCli(ws, [...args, 'STRAY'], { env: { LEAD_SIGNALS_SERVER_PORT: '0' }, timeoutMs: 10_000 })
      expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
        code: 2,
        stdout: '',
        // With the help that says what it takes (the command's words before its options).
        stderr: `lead-signals: unexpected argument "STRAY"; see "lead-signals ${command} --help"\n`,
      })
      expect(await dump(ws)).toEqual(before)
    },
  )

  test('commands that take arguments take only as many as they need', async () => {
    for (const args of [
      ['key', 'revoke', '--team', 'acme', 'lsk_a', 'lsk_b'],
      ['signals', 'import', '--team', 'acme', 'one.jsonl', 'two.jsonl'],
    ]) {
      const r = await runCli(ws, args)
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(/^lead-signals: give exactly one .*\n$/)
    }
  })

  test('under "npm start" (serve --demo), another command given after it is refused with how to run it', async () => {
    const r = await runCli(ws, ['serve', '--demo', 'team', 'list'], {
      env: { LEAD_SIGNALS_SERVER_PORT: '0', npm_lifecycle_event: 'start' },
      timeoutMs: 10_000,
    })
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toBe(
      'lead-signals: unexpected argument "team"; "npm start" only serves the demo, run other commands with "npm run cli -- COMMAND"\n',
    )
  })
})

describe('running the CLI from a clone', () => {
  // npm and npx run in the repository (where package.json is), on the workspace's database given by environment.
  const fromRepo = async (cmd: string[]) => {
    const proc = Bun.spawn(cmd, {
      cwd: REPO,
      stdin: 'ignore',
      stdout: 'pipe',
      stderr: 'pipe',
      timeout: 60_000,
      env: { ...cleanEnv(), LEAD_SIGNALS_DATABASE_URL: ws.dbUrl },
    })
    const [stdout, stderr, code] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ])
    return { code, stdout, stderr }
  }

  test('npm run cli -- COMMAND runs the command', async () => {
    const version = await fromRepo(['npm', 'run', '--silent', 'cli', '--', '--version'])
    expect(version.stdout).toBe(`lead-signals ${VERSION}\n`)
    const teams = await fromRepo(['npm', 'run', '--silent', 'cli', '--', 'team', 'list', '--json'])
    expect(teams.code).toBe(0)
    expect(JSON.parse(teams.stdout).map((t: { name: string }) => t.name)).toContain('acme')
  })

  test('npx lead-signals COMMAND runs the command (the package bin, linked from the clone)', async () => {
    // --offline: the clone's own bin needs no registry, and a regression must not fetch a stranger's package instead.
    const r = await fromRepo(['npx', '--offline', 'lead-signals', 'icp', 'list', '--team', 'acme'])
    expect(r.code).toBe(0)
    expect(r.stdout).toBe('Founders: SaaS founders\n')
  })
})

describe("the README's configuration example", () => {
  // The README's line `LEAD_SIGNALS_…=… npm start` (npm start is `serve --demo`), as written, but in a fresh folder and
  // on port 0: serve takes a free port and names it in its listening line (docs/operations.md). A port found free and
  // let go first could be taken by another test's server before serve bound it.
  test('settings from the environment: the port and a database file of its own', async () => {
    const line = readFileSync(resolve(REPO, 'README.md'), 'utf8')
      .split('\n')
      .find((l) => /^(LEAD_SIGNALS_\w+=\S+ )+npm start$/.test(l))
    expect(line).toBeDefined()
    const settings = Object.fromEntries(
      (line as string)
        .split(' ')
        .filter((w) => w.includes('='))
        .map((w) => w.split('=')),
    )
    expect(Object.keys(settings)).toEqual(['LEAD_SIGNALS_SERVER_PORT', 'LEAD_SIGNALS_DATABASE_URL'])
    const folder = createWorkspace()
    const proc = Bun.spawn([process.execPath, resolve(REPO, 'src/main.ts'), 'serve', '--demo'], {
      cwd: folder.dir,
      stdin: 'ignore',
      stdout: 'pipe',
      stderr: 'ignore',
      timeout: 20_000,
      env: { ...cleanEnv(), ...settings, LEAD_SIGNALS_SERVER_PORT: '0', LEAD_SIGNALS_SCORER_BACKEND: 'rules' },
    })
    try {
      let out = ''
      const decoder = new TextDecoder()
      for await (const chunk of proc.stdout) {
        out += decoder.decode(chunk, { stream: true })
        if (/Docs: /.test(out)) break
      }
      const key = /lsk_[A-Za-z0-9_-]{43}/.exec(out)?.[0] as string
      const url = /"event":"listening","url":"([^"]+)"/.exec(out)?.[1]
      // Read from the environment: without it, serve would have listened on its default, 8080.
      expect(new URL(url as string).port).not.toBe('8080')
      const usage = await fetch(`${url}/api/v1/usage`, { headers: { 'x-api-key': key } })
      expect(usage.status).toBe(200)
      expect(existsSync(resolve(folder.dir, settings.LEAD_SIGNALS_DATABASE_URL.replace('file:', '')))).toBe(true)
    } finally {
      proc.kill('SIGTERM')
      await proc.exited
      folder.cleanup()
    }
  })
})

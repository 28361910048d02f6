import { afterEach, describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { listenError } from '../../src/cli/listen-error'
import { type Child, processWorld, spawnChild } from './child'

const cleanup: (() => unknown)[] = []
afterEach(() => {
  while (cleanup.length) cleanup.pop()?.()
})

let lastWorld: { dir: string } | undefined

function serveOn(port: number, host = '127.0.0.1'): Child {
  const world = processWorld({ server: { host, port }, scorer: { backend: 'rules' }, polling: { enabled: false } })
  cleanup.push(() => world.cleanup())
  lastWorld = world
  const child = spawnChild(world, ['serve'])
  cleanup.push(() => child.proc.kill('SIGKILL'))
  return child
}

async function portOf(child: Child): Promise<number> {
  await child.waitForOutput('the listening line', (o) => o.stdout.includes('"event":"listening"'))
  return Number(new URL(/"url":"([^"]+)"/.exec(child.stdout())![1]).port)
}

async function expectRefused(child: Child, port: number) {
  expect(await child.exited()).toBe(1)
  expect(child.stdout()).not.toContain('"event":"listening"')
  const lines = child.stderr().trim().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toContain(`port ${port} is in use`)
  expect(lines[0]).toContain('127.0.0.1')
}

describe('serve on a port that is already taken', () => {
  test("a second serve on the first one's port refuses to start: exit 1, one line; the first keeps every request", async () => {
    const first = serveOn(0)
    const port = await portOf(first)

    await expectRefused(serveOn(port), port)

    // Every request still reaches the first server (it answers, and no other process shares the port).
    for (let i = 0; i < 20; i++) expect((await fetch(`http://127.0.0.1:${port}/api/v1/usage`)).status).toBe(401)
    expect(first.proc.exitCode).toBeNull()
  })

  test('a port held by another program is refused the same way', async () => {
    const other = createServer()
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
    cleanup.push(() => other.close())
    const port = (other.address() as { port: number }).port

    await expectRefused(serveOn(port), port)
  })

  // A wrong server.host is a configuration error (exit 2, which the systemd unit does not restart), found before the
  // database is created or migrated (docs/operations.md#running-it).
  test('a host name that does not resolve is refused as a configuration error, before any database is made', async () => {
    // .invalid never resolves (RFC 2606).
    const child = serveOn(8080, 'not-a-host.invalid')
    expect(await child.exited()).toBe(2)
    expect(child.stderr()).toBe(
      'lead-signals: config: server.host: cannot listen on not-a-host.invalid: it is neither an address of this machine nor a name that resolves\n',
    )
    expect(existsSync(join(lastWorld!.dir, 'test.db'))).toBe(false)
  })

  // Root may listen below 1024, so the refusal a service user meets is shown through the error Bun gives it.
  test('a port below 1024 without the privilege: one line naming server.port and what to do', () => {
    const denied = Object.assign(new Error('permission denied 127.0.0.1:80'), { code: 'EACCES', syscall: 'listen' })
    expect((listenError(denied, { host: '127.0.0.1', port: 80 }) as Error).message).toBe(
      'cannot listen on port 80 of 127.0.0.1: this user may not (below 1024 it takes root or the CAP_NET_BIND_SERVICE capability); choose a port from 1024 on or grant the capability (server.port)',
    )
  })

  test('an address this machine does not have is refused as a configuration error, before any database is made', async () => {
    // 192.0.2.0/24 is reserved for documentation (RFC 5737): no machine has it.
    const child = serveOn(8080, '192.0.2.1')
    expect(await child.exited()).toBe(2)
    expect(child.stderr()).toBe(
      'lead-signals: config: server.host: cannot listen on 192.0.2.1: no such address on this machine\n',
    )
    expect(existsSync(join(lastWorld!.dir, 'test.db'))).toBe(false)
  })
})

import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deadMount } from '../support/dead-mount'
import { seedTeam } from '../support/deps'
import { processWorld, seedDatabase, spawnChild } from './child'

// docs/operations.md#a-job-that-hangs: serve made backup.dir on its own thread at start, so started while the mount
// it is on did not answer (a network mount whose server went away) it never listened: no /healthz, no API, and no
// line saying why. And a serve stopped while a scheduled backup waited on that folder took all of
// server.shutdown_timeout_ms, waiting for calls on the folder that never return.
const cleanup: (() => unknown)[] = []
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.()
})

describe('serve with backup.dir on a mount that does not answer', () => {
  test('starts and serves, names backup.dir (not its path) in a log line and in /readyz degraded, and stops at once', async () => {
    const mount = mkdtempSync(join(tmpdir(), 'ls-dead-backup-dir-'))
    cleanup.push(() => rmSync(mount, { recursive: true, force: true }))
    const config = {
      server: { host: '127.0.0.1', port: 0, shutdown_timeout_ms: 30_000 },
      scorer: { backend: 'rules' },
      polling: { enabled: false },
      backup: { dir: join(mount, 'backups'), schedule: '* * * * * *' },
    }
    const world = processWorld(config)
    cleanup.push(() => world.cleanup())
    await seedDatabase(world, config, (deps) => seedTeam(deps, { plan: 'growth' }))
    const dead = await deadMount(mount, 45_000)
    cleanup.push(() => dead.revive())

    const child = spawnChild(world, ['serve'])
    cleanup.push(() => child.proc.kill('SIGKILL'))
    await child.waitForOutput('the listening line', (o) => o.stdout.includes('"event":"listening"'))
    const url = new URL(/"url":"([^"]+)"/.exec(child.stdout())?.[1] ?? '')
    expect((await fetch(new URL('/healthz', url))).status).toBe(200)
    const ready = await fetch(new URL('/readyz', url))
    expect(ready.status).toBe(200)
    const { degraded } = (await ready.json()) as { degraded?: string[] }
    expect(degraded).toEqual([expect.stringContaining('backup.dir')])
    expect(JSON.stringify(degraded)).not.toContain(mount)
    const said = child
      .stderr()
      .split('\n')
      .filter((l) => l.includes('backup.dir'))
    expect(said).toEqual([expect.stringContaining('"level":"warn"')])
    expect(said.join('')).not.toContain(mount)

    // A scheduled run (every second) waits on the folder too, as the next one says; the stop does not wait for it.
    await child.waitForOutput('a backup waiting on the folder', (o) => o.stderr.includes('"event":"job_overrun"'))
    const asked = performance.now()
    child.proc.kill('SIGTERM')
    expect(await child.exited()).toBe(0)
    expect(performance.now() - asked).toBeLessThan(10_000)
    expect(child.stderr()).toContain('"event":"shutdown_complete"')
    expect(child.stderr()).toContain('"outcome":"stopped"')
  }, 90_000)
})

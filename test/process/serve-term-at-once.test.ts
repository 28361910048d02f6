import { afterEach, expect, test } from 'bun:test'
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { processWorld, runChild, spawnChild } from './child'

// docs/operations.md#shutdown: SIGTERM stops serve cleanly from the moment it says it listens.

const cleanup: (() => unknown)[] = []
afterEach(() => {
  while (cleanup.length) cleanup.pop()?.()
})

test('a SIGTERM the moment serve prints its listening line stops it cleanly: exit 0, its -wal copied back', async () => {
  const world = processWorld({
    server: { host: '127.0.0.1', port: 0 },
    scorer: { backend: 'rules' },
    polling: { enabled: false },
  })
  cleanup.push(() => world.cleanup())
  expect((await runChild(world, ['team', 'create', '--name', 'acme', '--plan', 'growth'])).code).toBe(0)
  const child = spawnChild(world, ['serve'], { preload: join(import.meta.dir, 'term-at-listening.ts') })
  cleanup.push(() => child.proc.kill('SIGKILL'))
  // Before, the signal found no handler yet and ended the process outright (status null, killed by SIGTERM).
  expect(await child.exited()).toBe(0)
  expect(child.stdout()).toContain('"event":"listening"')
  expect(child.stderr()).toContain('"event":"shutdown_complete"')
  const wal = statSync(`${world.dbUrl.replace(/^file:/, '')}-wal`, { throwIfNoEntry: false })
  expect(wal?.size ?? 0).toBe(0)
})

import { afterEach, describe, expect, test } from 'bun:test'
import { statSync } from 'node:fs'
import { putHeatThreshold, rowsOfTheFileAlone } from '../support/file-alone'
import { fakePlatforms } from '../support/fake-platforms'
import { type ProcessWorld, processWorld, runChild, spawnChild, until } from './child'

// docs/operations.md#the-database: once every process using the database has stopped cleanly, the .db file
// alone holds every commit; only a killed or a running process may leave commits in the -wal.

const cleanup: (() => unknown)[] = []
afterEach(() => {
  while (cleanup.length) cleanup.pop()?.()
})

const config = {
  server: { host: '127.0.0.1', port: 0, shutdown_timeout_ms: 10_000 },
  scorer: { backend: 'rules' },
  polling: { enabled: false },
}

function world(extra: Record<string, unknown> = {}): ProcessWorld {
  const w = processWorld({ ...config, ...extra })
  cleanup.push(() => w.cleanup())
  return w
}

const fileOf = (w: ProcessWorld) => w.dbUrl.replace(/^file:/, '')
const walBytes = (w: ProcessWorld) => statSync(`${fileOf(w)}-wal`, { throwIfNoEntry: false })?.size ?? 0

const rowsAlone = (w: ProcessWorld, sql: string) => rowsOfTheFileAlone(fileOf(w), w.dir, sql).rows

async function cli(w: ProcessWorld, args: string[]) {
  const out = await runChild(w, args)
  expect(out).toMatchObject({ code: 0, stderr: '' })
  return out.stdout
}

describe('a clean stop leaves one self-contained database file', () => {
  test('after each one-shot command the -wal is gone or empty, and the .db alone holds what it wrote', async () => {
    const w = world()
    const made = JSON.parse(await cli(w, ['team', 'create', '--name', 'acme', '--plan', 'growth', '--json']))
    expect(walBytes(w)).toBe(0)
    expect(rowsAlone(w, 'select name from teams')).toEqual([['acme']])

    await cli(w, ['key', 'create', '--team', 'acme', '--name', 'second'])
    expect(walBytes(w)).toBe(0)
    expect(rowsAlone(w, `select count(*) as n from api_keys where team_id = '${made.id}'`)).toEqual([[2]])

    await cli(w, ['migrate'])
    expect(walBytes(w)).toBe(0)
    await cli(w, ['backup', '--to', 'copy.db'])
    expect(walBytes(w)).toBe(0)
    await cli(w, ['team', 'create', '--name', 'later', '--plan', 'growth'])
    await cli(w, ['restore', '--from', 'copy.db'])
    expect(walBytes(w)).toBe(0)
    expect(rowsAlone(w, 'select name from teams')).toEqual([['acme']])
  })

  test('serve stopped by SIGTERM: the -wal is gone or empty, and the .db alone holds what it wrote', async () => {
    const w = world()
    const { apiKey } = JSON.parse(await cli(w, ['team', 'create', '--name', 'acme', '--plan', 'growth', '--json']))
    const child = spawnChild(w, ['serve'])
    cleanup.push(() => child.proc.kill('SIGKILL'))
    await child.waitForOutput('the listening line', (o) => o.stdout.includes('"event":"listening"'))
    const put = await putHeatThreshold(child.stdout(), apiKey, 42)
    expect(put.status).toBe(200)
    // The change is committed, and (before the stop) only in the -wal: the file alone still has the default.
    expect(walBytes(w)).toBeGreaterThan(0)
    expect(rowsAlone(w, 'select heat_threshold from teams')).toEqual([[70]])

    child.proc.kill('SIGTERM')
    expect(await child.exited()).toBe(0)
    expect(child.stderr()).toContain('"event":"shutdown_complete"')
    expect(walBytes(w)).toBe(0)
    expect(rowsAlone(w, 'select heat_threshold from teams')).toEqual([[42]])
  })

  test('serve past server.shutdown_timeout_ms exits 0 too: its -wal is copied back all the same', async () => {
    const platforms = fakePlatforms()
    platforms.add('hackernews', 'crm', { id: '1', author: 'ann', text: 'Which CRM?', at: '2026-11-15T10:00:00.000Z' })
    platforms.slow(8000)
    cleanup.push(() => platforms.stop())
    const w = world({
      server: { ...config.server, shutdown_timeout_ms: 300 },
      platforms: platforms.platformsConfig,
    })
    const { apiKey } = JSON.parse(await cli(w, ['team', 'create', '--name', 'acme', '--plan', 'growth', '--json']))
    const child = spawnChild(w, ['serve'])
    cleanup.push(() => child.proc.kill('SIGKILL'))
    await child.waitForOutput('the listening line', (o) => o.stdout.includes('"event":"listening"'))
    expect((await putHeatThreshold(child.stdout(), apiKey, 42)).status).toBe(200)
    // A search the platform holds for 8 s: the shutdown cannot wait for it.
    const url = new URL('/api/v1/mentions/search', /"url":"([^"]+)"/.exec(child.stdout())![1])
    const search = fetch(url, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ keyword: 'crm', platform: 'hackernews' }),
    }).catch(() => 'cut off')
    await until('the search to reach the platform', () => platforms.searches.length === 1)

    child.proc.kill('SIGTERM')
    expect(await child.exited()).toBe(0)
    expect(child.stderr()).toContain('"event":"shutdown_timeout"')
    expect(await search).toBe('cut off')
    expect(walBytes(w)).toBe(0)
    expect(rowsAlone(w, 'select heat_threshold from teams')).toEqual([[42]])
  })
})

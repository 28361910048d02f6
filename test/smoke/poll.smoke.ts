// The built executable's keyword polling with the embedded rules scorer, whose worker thread must be found inside
// the executable (src/workers.ts): the pass completes, scores on the pool (no fallback warning) and keeps the
// qualified posts. Run after `npm run build` (npm test does both).
import { createClient } from '@libsql/client'
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fakePlatforms } from '../support/fake-platforms'
import { cleanEnv } from './serve'

const BINARY = resolve(import.meta.dir, '../../dist/lead-signals')
setDefaultTimeout(30_000)

describe('poll --once in the built executable', () => {
  const platforms = fakePlatforms()
  let dir: string

  const run = async (...args: string[]) => {
    const proc = Bun.spawn(['./lead-signals', ...args, '--config', 'config.toml'], {
      cwd: dir,
      env: cleanEnv({}),
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const [stdout, stderr, status] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ])
    return { stdout, stderr, status }
  }

  beforeAll(async () => {
    if (!existsSync(BINARY)) throw new Error(`${BINARY} is missing; run \`npm run build\` first`)
    dir = mkdtempSync(join(tmpdir(), 'lead-signals-poll-smoke-'))
    copyFileSync(BINARY, join(dir, 'lead-signals'))
    const { hackernews } = platforms.platformsConfig
    writeFileSync(
      join(dir, 'config.toml'),
      [
        '[database]',
        'url = "file:./poll.db"',
        '[scorer]',
        'backend = "rules"',
        '[plans.poller]',
        'api_access = true',
        'monthly_requests = 100',
        'platforms = ["hackernews"]',
        '[platforms.hackernews]',
        `base_url = "${hackernews.base_url}"`,
      ].join('\n'),
    )
    for (let i = 1; i <= 40; i++) {
      const asks = i % 4 === 0
      const text = asks
        ? `We are looking for a CRM for our 12-person team, budget around $300/month. Any recommendations? (${i})`
        : `Podcast episode ${i} is out: we chat about the history of crm software and our favourite sales books.`
      platforms.add('hackernews', 'crm', {
        id: String(1000 + i),
        author: 'ann',
        text,
        at: new Date(Date.UTC(2026, 10, 1, 9, 0, i)).toISOString(),
      })
    }
    // Buyers in German, which `lang:en` leaves out: the language detector is found inside the executable too.
    for (let i = 1; i <= 4; i++) {
      platforms.add('hackernews', 'crm', {
        id: String(2000 + i),
        author: 'bea',
        text: `Wir suchen ein CRM für unser Team von 12 Leuten, Budget etwa 300 € im Monat. Empfehlungen? (${i})`,
        at: new Date(Date.UTC(2026, 10, 1, 10, 0, i)).toISOString(),
      })
    }
    expect((await run('team', 'create', '--name', 'acme', '--plan', 'poller')).status).toBe(0)
    expect((await run('keyword', 'add', '--team', 'acme', 'crm lang:en')).status).toBe(0)
  })

  afterAll(() => {
    platforms.stop()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  test('scores on the worker pool and keeps exactly the posts in English asking to buy', async () => {
    const { stdout, stderr, status } = await run('poll', '--once', '--json')
    expect(stderr).not.toContain('rules_pool_failed')
    expect(status).toBe(0)
    const summary = JSON.parse(stdout) as { outcome: string; totals: Record<string, number> }
    expect(summary.outcome).toBe('completed')
    expect(summary.totals).toMatchObject({ fetched: 40, new: 40, scored: 40, qualified: 10, pending: 0, failed: 0 })
    const db = createClient({ url: `file:${join(dir, 'poll.db')}` })
    try {
      const rows = (await db.execute('select post_id, intent from signals order by post_id')).rows
      expect(rows.map((r) => String(r.post_id))).toEqual(
        [4, 8, 12, 16, 20, 24, 28, 32, 36, 40].map((i) => `hackernews:${1000 + i}`),
      )
      expect(new Set(rows.map((r) => r.intent))).toEqual(new Set(['ACTIVE']))
    } finally {
      db.close()
    }
  })
})

import { afterEach, describe, expect, test } from 'bun:test'
import Database from 'libsql'
import { join } from 'node:path'
import { seedTeam } from '../support/deps'
import { COUNT_ANSWERED_FOR_MS } from '../../src/storage/repos/unlimited-takes'
import { countOf, cutMidway, processWorld, rows, runChild, seedDatabase, spawnChild, until } from './child'

// `signals import` beside a running `serve` on one database file: the import stores its lines in batches, so the
// server keeps answering (and writing its usage counts) all along, and an import cut off by kill -9 is completed by
// running it again.

const LINES = 30_000
const config = {
  server: { host: '127.0.0.1', port: 0 },
  scorer: { backend: 'rules' },
  polling: { enabled: false },
  plans: {
    open: { api_access: true, monthly_requests: 'unlimited' },
    capped: { api_access: true, monthly_requests: 1000 },
  },
}

const cleanup: (() => unknown)[] = []
afterEach(() => {
  while (cleanup.length) cleanup.pop()?.()
})

function signalLines(n: number): string {
  const out: string[] = []
  for (let i = 0; i < n; i++) {
    out.push(
      JSON.stringify({
        id: `post-${i}`,
        author: `user_${i}`,
        platform: 'reddit',
        intent: 'ACTIVE',
        score: 5 + (i % 50) / 10,
        reason: 'asks for a CRM',
        content: `post ${i}: we are looking for a CRM for our sales team, budget about 300 a month`,
        url: `https://reddit.com/r/crm/${i}`,
        keyword: 'crm',
        publishedAt: '2026-10-01T10:00:00Z',
      }),
    )
  }
  return out.join('\n') + '\n'
}

async function world(lines = LINES, plan = 'open') {
  const w = processWorld(config)
  cleanup.push(() => w.cleanup())
  const apiKey = await seedDatabase(w, config, async (deps) => (await seedTeam(deps, { name: 'acme', plan })).apiKey)
  w.file('signals.jsonl', signalLines(lines))
  return { world: w, apiKey }
}

async function serve(w: ReturnType<typeof processWorld>) {
  const child = spawnChild(w, ['serve'])
  cleanup.push(() => child.proc.kill('SIGKILL'))
  await child.waitForOutput('the listening line', (o) => o.stdout.includes('"event":"listening"'))
  return new URL(/"url":"([^"]+)"/.exec(child.stdout())![1])
}

// On a loaded machine an import of this size takes several times its usual few seconds: these bounds only matter
// when something is broken.
const IMPORT_WAIT_MS = 60_000
const ASK_PAUSE_MS = 20
const TEST_MS = 120_000
const importArgs = ['signals', 'import', '--team', 'acme', 'signals.jsonl']
const distinctPosts = async (w: ReturnType<typeof processWorld>) =>
  Number((await rows(w, 'select count(distinct platform || post_id) as n from signals'))[0].n)

describe('signals import beside a running server', () => {
  test(
    `${LINES.toLocaleString('en')} lines while requests keep coming: none fails, the import shows in batches, with progress`,
    async () => {
      const { world: w, apiKey } = await world()
      const url = await serve(w)
      const statuses: Record<number, number> = {}
      const totals = new Set<number>()
      let failures = 0
      let importing = true
      const ask = async () => {
        while (importing) {
          try {
            const res = await fetch(new URL('/api/v1/signals?limit=1', url), { headers: { 'x-api-key': apiKey } })
            statuses[res.status] = (statuses[res.status] ?? 0) + 1
            if (res.status === 200) totals.add(((await res.json()) as { total: number }).total)
            else await res.arrayBuffer()
          } catch {
            failures++
          }
          // A pause between one asker's requests: back to back, the four kept both cores busy answering (some 20 s
          // of CPU), which slowed the import they watch past its bound on a loaded host.
          await Bun.sleep(ASK_PAUSE_MS)
        }
      }
      const askers = Array.from({ length: 4 }, ask)
      const imported = runChild(w, importArgs, IMPORT_WAIT_MS)
      // An admin command writing beside both.
      const keyword = runChild(w, ['keyword', 'add', '--team', 'acme', 'helpdesk'])
      const [result, added] = await Promise.all([imported, keyword])
      importing = false
      await Promise.all(askers)

      expect(result.code).toBe(0)
      expect(result.stdout).toBe(`imported ${LINES} signals, skipped 0 duplicates, rejected 0 lines\n`)
      expect(result.stderr).toMatch(
        /^lead-signals: signals import: (checked|stored) [\d,]+ (of [\d,]+ )?lines \([\d,]+ lines\/s\)$/m,
      )
      expect(added.code).toBe(0)
      expect(failures).toBe(0)
      expect(Object.keys(statuses)).toEqual(['200'])
      // Answers all along the import: it became visible batch by batch, where one transaction would show 0, then all.
      expect([...totals].filter((t) => t > 0 && t < LINES).length).toBeGreaterThanOrEqual(3)
      expect(await countOf(w, 'signals')).toBe(LINES)
    },
    TEST_MS,
  )

  test(
    'an import killed mid-way (kill -9) and run again stores each signal once',
    async () => {
      // On a loaded host the import can end between two looks at the table: the kill then finds it whole, and the
      // try is made again.
      const { w, partial } = await cutMidway('an import killed mid-way', async () => {
        const { world: w } = await world()
        const first = spawnChild(w, importArgs)
        cleanup.push(() => first.proc.kill('SIGKILL'))
        await until('some batches to be stored', async () => (await countOf(w, 'signals')) >= 3000)
        first.proc.kill('SIGKILL')
        const code = await first.exited()
        const partial = await countOf(w, 'signals')
        if (partial < LINES) {
          expect(code).toBeNull()
          return { w, partial }
        }
        expect(await distinctPosts(w)).toBe(LINES)
      })
      // Whole batches only: each is one transaction.
      expect(partial % 250).toBe(0)

      const again = await runChild(w, importArgs, IMPORT_WAIT_MS)
      expect(again.code).toBe(0)
      expect(again.stdout).toBe(
        `imported ${LINES - partial} signals, skipped ${partial} duplicates, rejected 0 lines\n`,
      )
      expect(await countOf(w, 'signals')).toBe(LINES)
      expect(await distinctPosts(w)).toBe(LINES)
    },
    TEST_MS,
  )

  /** Another writer holding the database's write lock until `release`. */
  function holdWriteLock(w: ReturnType<typeof processWorld>) {
    const holder = new Database(join(w.dir, 'test.db'))
    // The server may be writing a call's unit at this moment: wait for that short write, then hold the lock.
    holder.exec('PRAGMA busy_timeout = 5000')
    holder.exec('BEGIN IMMEDIATE')
    let released = false
    const release = () => {
      if (!released) {
        released = true
        holder.exec('ROLLBACK')
        holder.close()
      }
    }
    cleanup.push(release)
    return release
  }
  const quotaUsed = async (w: ReturnType<typeof processWorld>) =>
    Number((await rows(w, 'select quota_used from teams'))[0].quota_used)

  test("a write lock held past the wait budget: a limited plan's call answers 503 storage_unavailable, uncharged, and the server keeps serving", async () => {
    const { world: w, apiKey } = await world(0, 'capped')
    const url = await serve(w)
    const get = (key = apiKey) => fetch(new URL('/api/v1/signals', url), { headers: { 'x-api-key': key } })
    expect((await get()).status).toBe(200)
    const usedBefore = await quotaUsed(w)

    // Another writer that holds the lock for longer than the 5 s a call waits for it.
    const release = holdWriteLock(w)
    const counted = get()
    const keyword = runChild(w, ['keyword', 'add', '--team', 'acme', 'helpdesk'])
    // While that request waits, the server still answers what needs no write: its event loop is free.
    await Bun.sleep(200)
    const started = performance.now()
    expect((await get('lsk_not_a_key')).status).toBe(401)
    expect(performance.now() - started).toBeLessThan(2000)

    const res = await counted
    const added = await keyword
    release()
    expect(res.status).toBe(503)
    const body = await res.text()
    expect(JSON.parse(body).error.code).toBe('storage_unavailable')
    expect(body).not.toMatch(/update|select|insert|teams/i)
    expect(added.code).toBe(1)
    expect(added.stderr).toBe(
      'lead-signals: the database stayed locked by another writer for 5 s; nothing was changed, try again\n',
    )
    expect(await quotaUsed(w)).toBe(usedBefore)
    expect((await get()).status).toBe(200)
  })

  test("a write lock held: an unlimited plan's calls still answer, and their units are written once it is released", async () => {
    const { world: w, apiKey } = await world(0)
    const url = await serve(w)
    const get = () => fetch(new URL('/api/v1/signals', url), { headers: { 'x-api-key': apiKey } })
    // The first call of the server's life waits for its unit's write (docs/api.md#unlimited-plans).
    expect((await get()).status).toBe(200)
    expect(await quotaUsed(w)).toBe(1)

    // After a pause a call waits for a write again, which the lock holds up: past the 5 s wait for it, the calls are
    // answered from the count written last.
    await Bun.sleep(COUNT_ANSWERED_FOR_MS + 50)
    const release = holdWriteLock(w)
    const answers = await Promise.all([get(), get()])
    expect(answers.map((r) => r.status)).toEqual([200, 200])
    const usage = await fetch(new URL('/api/v1/usage', url), { headers: { 'x-api-key': apiKey } })
    expect(((await usage.json()) as { usage: { used: number } }).usage.used).toBe(3)
    expect(await quotaUsed(w)).toBe(1)
    release()
    await until('the two units to be written', async () => (await quotaUsed(w)) === 3)
  })
})

import { afterEach, describe, expect, test } from 'bun:test'
import { createApp } from '../../src/app'
import type { Deps } from '../../src/deps'
import { EXPORT_PAGE_ROWS } from '../../src/domain/signals/export'
import type { NewSignal } from '../../src/storage/repos/signals'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { hostileSignals } from '../support/exports'
import { bearer, oauthWorld, obtainTokens } from '../support/oauth'

let stop: (() => void) | undefined
afterEach(() => stop?.())

async function setup(plan: string, a: { rows?: number } = {}) {
  const { deps } = await testDeps({
    config: { plans: { two: { monthly_requests: 2 }, endless: { monthly_requests: 'unlimited' } } },
  })
  const { team, apiKey } = await seedTeam(deps, { plan })
  await deps.repos.signals.insertMany(team.id, hostileSignals(team.id))
  if (a.rows) await deps.repos.signals.insertMany(team.id, manySignals(team.id, a.rows))
  const call = client(deps)
  const used = async () => (await call('GET', '/api/v1/usage', { key: apiKey })).body.usage.used as number
  const exportCall = (query = '') => call('GET', `/api/v1/signals/export${query}`, { key: apiKey })
  return { deps, team, apiKey, used, exportCall }
}

function manySignals(teamId: string, n: number): NewSignal[] {
  const base = hostileSignals(teamId)[10]
  return Array.from({ length: n }, (_, i) => ({
    ...base,
    id: `sig_m${i}`,
    postId: `m${String(i).padStart(6, '0')}`,
    platform: 'github',
  }))
}

/**
 * Wraps every export's reader: records the pages asked for and how many readers were opened and closed; `fail`
 * can make a page fail (its number, from 1, across the readers).
 */
function spyOnReaders(deps: Deps, fail: (call: number) => boolean = () => false) {
  const seen = { pages: [] as { after?: unknown; limit: number }[], opened: 0, closed: 0 }
  const open = deps.repos.signalExports.open
  deps.repos.signalExports.open = (teamId, filter) => {
    const reader = open(teamId, filter)
    seen.opened++
    return {
      page(after, limit) {
        seen.pages.push({ after, limit })
        return fail(seen.pages.length) ? Promise.reject(new Error('disk I/O error')) : reader.page(after, limit)
      },
      close() {
        seen.closed++
        reader.close()
      },
    }
  }
  return seen
}

describe('the export and the quota (docs/api.md#export)', () => {
  test('an export counts once, however many pages it reads; a 400 is not charged', async () => {
    const { used, exportCall } = await setup('growth', { rows: 2500 })
    expect(await used()).toBe(0)
    const r = await exportCall('?format=jsonl')
    expect(r.status).toBe(200)
    expect(await used()).toBe(1)
    expect((await exportCall('?format=xml')).status).toBe(400)
    expect((await exportCall('?limit=5')).status).toBe(400)
    expect(await used()).toBe(1)
  })

  test('at the end of the quota: 429 with Retry-After, nothing charged, nothing exported', async () => {
    const { used, exportCall } = await setup('two')
    expect((await exportCall()).status).toBe(200)
    expect((await exportCall()).status).toBe(200)
    const refused = await exportCall()
    expect(refused.status).toBe(429)
    expect(refused.body.error.code).toBe('quota_exceeded')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await used()).toBe(2)
  })

  test('the starter plan (no API access) is 403', async () => {
    const { exportCall } = await setup('starter')
    const r = await exportCall()
    expect(r.status).toBe(403)
    expect(r.body.error.code).toBe('no_api_access')
  })

  test('a failure before the first page gives the unit back; one after it keeps it and cuts the transfer short', async () => {
    const { deps, used, apiKey } = await setup('growth', { rows: EXPORT_PAGE_ROWS * 2 })
    // The first export's first page fails; the second export's second page (the third asked for in all).
    const seen = spyOnReaders(deps, (call) => call === 1 || call === 3)
    const app = createApp(deps)
    const request = () =>
      app.handle(new Request('http://localhost/api/v1/signals/export', { headers: { 'x-api-key': apiKey } }))
    const early = await request()
    expect(early.status).toBe(500)
    expect(await used()).toBe(0)

    const late = await request()
    expect(late.status).toBe(200)
    expect(await used()).toBe(1)
    await expect(late.text()).rejects.toThrow()
    expect(await used()).toBe(1)
    // Either way the export's reader is closed.
    expect(seen).toMatchObject({ opened: 2, closed: 2 })
  })
})

describe('the export streams (docs/api.md#export)', () => {
  test('20,000 signals are read in keyset pages of a fixed size, each only when the reader wants more', async () => {
    const { deps, apiKey } = await setup('endless', { rows: 20_000 })
    const seen = spyOnReaders(deps)
    const { pages } = seen
    const app = createApp(deps)
    const res = await app.handle(
      new Request('http://localhost/api/v1/signals/export?format=jsonl', { headers: { 'x-api-key': apiKey } }),
    )
    expect(res.status).toBe(200)
    const reader = (res.body as ReadableStream<Uint8Array>).getReader()
    const newlines = (bytes: Uint8Array) => bytes.filter((b) => b === 10).length
    let lines = newlines((await reader.read()).value as Uint8Array)
    // The answer has begun with the first page; the second has been read, nothing more.
    expect(pages.length).toBeLessThanOrEqual(2)
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) lines += newlines(chunk.value)
    expect(lines).toBe(20_011)
    // 20,011 rows: 200 full pages and the last short one, each after the one before (never an offset).
    expect(pages).toHaveLength(Math.ceil(20_011 / EXPORT_PAGE_ROWS))
    expect(pages.every((p) => p.limit === EXPORT_PAGE_ROWS)).toBe(true)
    expect(pages[0].after).toBeUndefined()
    expect(pages.slice(1).every((p) => p.after !== undefined)).toBe(true)
    // Its reader (on a file, a connection of its own) is closed once the last page has been read.
    expect(seen).toMatchObject({ opened: 1, closed: 1 })
  })
})

describe('OAuth tokens (docs/oauth.md#scopes)', () => {
  test('the export needs signals:read', async () => {
    const w = await oauthWorld()
    stop = w.stop
    const without = await obtainTokens(w, { scope: 'usage:read' })
    const refused = await fetch(`${w.base}/api/v1/signals/export`, { headers: bearer(without.access_token) })
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as any).error.code).toBe('insufficient_scope')
    const withIt = await obtainTokens(w, { scope: 'signals:read' })
    const ok = await fetch(`${w.base}/api/v1/signals/export?format=csv`, { headers: bearer(withIt.access_token) })
    expect(ok.status).toBe(200)
    expect(await ok.text()).toStartWith('id,postId,platform,')
  })
})

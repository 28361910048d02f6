// The same verdicts given through the API, the MCP server's rate_signal and the console (docs/api.md#feedback,
// docs/console.md#verdicts) leave the same lists, people and keyword tuning, a muted author's signal included.
import { afterAll, describe, expect, test } from 'bun:test'
import type { Deps } from '../../src/deps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { createUser } from '../../src/domain/users/users'
import { crmSignals } from '../support/crm-signals'
import { seedTeam, testDeps } from '../support/deps'
import { client } from '../support/http'
import { callTool, httpClient, listen } from '../support/mcp'

const PASSWORD = 'correct horse battery'
type Give = (id: string, verdict: 'relevant' | 'not_relevant', reason?: string) => Promise<unknown>
const stops: (() => unknown)[] = []
afterAll(async () => {
  for (const stop of stops) await stop()
})

/** A team with 30 "crm" signals, sig_029 by author5 stored after author5 was muted; `give` judges through `way`. */
async function team(way: 'api' | 'mcp' | 'console') {
  const { deps } = await testDeps()
  const { team, apiKey } = await seedTeam(deps, { name: 'acme' })
  await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
  const crm = crmSignals(team.id, 30)
  await deps.repos.signals.insertMany(team.id, crm.slice(0, 29))
  const sql = "select id from people where team_id = ? and author = 'author5'"
  const person = String((await deps.database.client.execute({ sql, args: [team.id] })).rows[0]?.id)
  await deps.repos.people.setMuted(team.id, person, true)
  await deps.repos.signals.insertMany(team.id, [{ ...(crm[29] as (typeof crm)[number]), author: 'author5' }])
  const call = client(deps)
  const api = (path: string) => call('GET', `/api/v1${path}`, { key: apiKey })
  return { deps, api, give: await giver(way, deps, apiKey) }
}

async function giver(way: 'api' | 'mcp' | 'console', deps: Deps, apiKey: string): Promise<Give> {
  const call = client(deps)
  const checked = (r: { status: number; body: unknown }) => {
    expect(r.status).toBe(200)
    return r.body
  }
  if (way === 'api')
    return async (id, verdict, reason) =>
      checked(await call('POST', `/api/v1/signals/${id}/feedback`, { key: apiKey, body: { verdict, reason } }))
  if (way === 'mcp') {
    const server = listen(deps)
    stops.push(server.stop)
    const mcp = await httpClient(server.mcpUrl, apiKey)
    stops.push(() => mcp.close())
    return async (id, verdict, reason) => {
      const result = await callTool(mcp, 'rate_signal', { id, verdict, ...(reason ? { reason } : {}) })
      expect(result.isError).toBeFalsy()
    }
  }
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  const same = { 'sec-fetch-site': 'same-origin' }
  const body = { email: 'ann@acme.test', password: PASSWORD }
  const session = await call('POST', '/console/api/session', { body, headers: same })
  const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] as string
  return async (id, verdict, reason) =>
    checked(
      await call('POST', `/console/api/signals/${id}/feedback`, {
        body: { verdict, reason },
        headers: { ...same, cookie },
      }),
    )
}

/**
 * What the verdicts left, as the API and the people figures tell it; ids and times left out (each team has its own).
 */
async function outcome(t: Awaited<ReturnType<typeof team>>) {
  const listed = (await t.api('/signals?limit=100')).body.signals.map((s: { id: string }) => s.id)
  const all = (await t.api('/signals?include=dismissed&limit=100')).body.signals
  const keywords = (await t.api('/keywords')).body
  const people = await t.deps.database.client.execute(
    'select author, signal_count, best_score, muted from people order by author',
  )
  return {
    listed,
    verdicts: all.map((s: { id: string; verdict: string | null }) => [s.id, s.verdict]),
    keywords,
    people: people.rows.map((r) => [r.author, r.signal_count, r.best_score, r.muted]),
    reasons: (
      await t.deps.database.client.execute('select signal_id, reason from signal_feedback order by 1')
    ).rows.map((r) => [r.signal_id, r.reason]),
  }
}

describe('verdicts through the API, rate_signal and the console', () => {
  test('leave the same lists, people, reasons and tuned threshold', async () => {
    const outcomes = []
    for (const way of ['api', 'mcp', 'console'] as const) {
      const t = await team(way)
      // 24 verdicts: enough to tune "crm"; the muted author's signal judged relevant, then not, then relevant.
      for (let i = 0; i < 24; i++)
        await t.give(
          `sig_${String(i).padStart(3, '0')}`,
          i % 3 === 0 ? 'relevant' : 'not_relevant',
          i === 3 ? 'fits' : undefined,
        )
      await t.give('sig_029', 'relevant')
      await t.give('sig_029', 'not_relevant', 'a vendor')
      await t.give('sig_001', 'relevant', 'changed our mind')
      outcomes.push(await outcome(t))
    }
    const [api, mcp, consoleOutcome] = outcomes
    expect(api?.keywords.keywords[0].threshold.tuned).toBe(true)
    expect(api?.listed).not.toContain('sig_029')
    expect(mcp).toEqual(api)
    expect(consoleOutcome).toEqual(api)
  })
})

describe("rate_signal's line", () => {
  test('says whether the signal left the default list, came back to it, or stayed in or out', async () => {
    const { deps } = await testDeps()
    const { team, apiKey } = await seedTeam(deps, { name: 'acme' })
    await deps.repos.signals.insertMany(team.id, crmSignals(team.id, 2))
    const server = listen(deps)
    stops.push(server.stop)
    const mcp = await httpClient(server.mcpUrl, apiKey)
    stops.push(() => mcp.close())
    const line = async (verdict: string) => {
      const [first] = (await callTool(mcp, 'rate_signal', { id: 'sig_000', verdict })).content
      return (first as { text: string }).text
    }
    expect(await line('relevant')).toBe('Signal sig_000 judged relevant. It stays in the default list.')
    expect(await line('not_relevant')).toBe('Signal sig_000 judged not relevant. It is out of the default list now.')
    expect(await line('not_relevant')).toBe('Signal sig_000 judged not relevant. It stays out of the default list.')
    expect(await line('relevant')).toBe('Signal sig_000 judged relevant. It is back in the default list.')
  })
})

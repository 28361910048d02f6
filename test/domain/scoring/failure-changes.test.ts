import { expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../../support/deps'
import { fakesPerTest, type Received } from '../../support/fake-upstream'
import { recordingLogger } from '../../support/log'

// docs/scoring.md#fallback-and-timeouts: an outage is told once, not per call, but what the model server does can
// change while it lasts. A model that first answered text that is not JSON, then whose server stopped, kept being told
// as "its calls fail" in the console's Settings and by the log's one scorer_failed line, so a team read "choose another
// model" while the fix was to start the server again. The fake follows OpenAI's chat completions API as
// docs/scoring.md#backends describes the openai backend: GET /v1/models lists the model, POST /v1/chat/completions
// answers a chat.completion whose message content here is prose instead of the requested JSON.
const startFake = fakesPerTest()

function proseModel() {
  return startFake((req: Received) => {
    if (req.url.pathname === '/v1/models') return Response.json({ object: 'list', data: [{ id: 'local-model' }] })
    const content = 'Sure! This post reads like a buyer: ACTIVE, 8 out of 10.'
    const choice = { index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }
    return Response.json({ id: 'chatcmpl-1', object: 'chat.completion', model: 'local-model', choices: [choice] })
  })
}

test('a model that answers prose and then whose server stops: the condition and the log follow the new cause', async () => {
  const server = proseModel()
  const recorded = recordingLogger()
  const { deps } = await testDeps({
    config: { scorer: { backend: 'openai', openai: { base_url: `${server.origin}/v1`, model: 'local-model' } } },
    deps: { log: recorded.log },
  })
  const { team } = await seedTeam(deps)
  let n = 0
  const score = () =>
    deps.scoring.score(team.id, { content: `Our team needs a CRM this month (${n++}).`, keyword: 'crm', icps: [] })

  const first = await score()
  expect(first.scoredBy).toBe('rules')
  expect(first.reason).toContain('the OpenAI-compatible server could not answer')
  expect((await deps.scoring.scorerCondition()).state).toBe('failing')
  expect(recorded.of('scorer_failed')).toHaveLength(1)

  server.stop()
  const second = await score()
  expect(second.scoredBy).toBe('rules')
  // Every post still gets a score, and now the team is told that nothing answers at the address.
  expect((await deps.scoring.scorerCondition()).state).toBe('unreachable')
  const lines = recorded.of('scorer_failed')
  expect(lines).toHaveLength(2)
  expect(String(lines[1]?.fields.err)).toContain(`no model server at ${server.origin}`)

  // The same cause again is no news: no line per call.
  await score()
  expect(recorded.of('scorer_failed')).toHaveLength(2)
})

import type { fakesPerTest } from './fake-upstream'

/**
 * An OpenAI-compatible server (docs/scoring.md#fallback-and-timeouts) started with `startFake`: GET /v1/models lists
 * gpt-4o-mini, POST /v1/chat/completions answers with `refusal()` while it gives one, else with a completion scoring
 * the post ACTIVE 8. `asked` counts the chat completion requests.
 */
export function refusingOpenAi(startFake: ReturnType<typeof fakesPerTest>, refusal: () => Response | undefined) {
  const fake = startFake((req) => {
    if (req.url.pathname === '/v1/models') return Response.json({ object: 'list', data: [{ id: 'gpt-4o-mini' }] })
    const refused = refusal()
    if (refused) return refused
    const content = JSON.stringify({ intent: 'ACTIVE', score: 8, icpMatch: null, reason: 'Looking for a CRM.' })
    const choice = { index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }
    return Response.json({ id: 'chatcmpl-1', object: 'chat.completion', choices: [choice] })
  })
  const asked = () => fake.received.filter((r) => r.url.pathname.endsWith('/chat/completions')).length
  return { fake, asked }
}

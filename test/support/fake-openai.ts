/**
 * A fake OpenAI-compatible chat-completions server for pipeline tests: it "scores" a post 8 (ACTIVE) when the
 * post asks for a recommendation and 2 (MENTION) otherwise, and can be switched to failing (HTTP 500) or slow.
 * `calls` counts scoring calls only: neither the model list nor the request that loads the model at start.
 * `reason` is the reason given to a post that asks for a recommendation (a model's may quote the post).
 */
export function fakeOpenAi(a: { reason?: string; port?: number } = {}) {
  let failing = false
  let delayMs = 0
  let calls = 0
  let warmUps = 0
  // The user messages received, in order, for tests of what the prompt carries.
  const prompts: string[] = []
  const server = Bun.serve({
    // A port of its own to start again on, for a server stopped and started again.
    port: a.port ?? 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      // The model list, as OpenAI-compatible servers answer it (the scorer's start-up check asks for it).
      if (request.method === 'GET' && new URL(request.url).pathname.endsWith('/models')) {
        return Response.json({ object: 'list', data: [{ id: 'gpt-test', object: 'model', owned_by: 'test' }] })
      }
      const body = (await request.json()) as {
        model: string
        messages: { role: string; content: string }[]
        response_format?: unknown
      }
      // The scorer's request for one token at start, to load the model (docs/scoring.md#checking-the-model-server),
      // is no scoring call.
      if (body.response_format === undefined) {
        warmUps++
        const choice = { index: 0, message: { role: 'assistant', content: 'Hello' }, finish_reason: 'length' }
        return Response.json({ object: 'chat.completion', model: body.model, choices: [choice] })
      }
      calls++
      if (failing)
        return Response.json({ error: { message: 'model overloaded', type: 'server_error' } }, { status: 500 })
      if (delayMs) await Bun.sleep(delayMs)
      // Only the post itself (after the prompt's marker line) decides, not the instructions around it.
      const user = body.messages.filter((m) => m.role === 'user').at(-1)?.content ?? ''
      prompts.push(user)
      const wants = /recommend/i.test(user.split('between the markers:').at(-1) ?? '')
      const reason = a.reason ?? 'The writer asks for a recommendation.'
      const content = JSON.stringify(
        wants
          ? { reason, intent: 'ACTIVE', icpMatch: null, score: 8 }
          : { reason: 'A passing mention.', intent: 'MENTION', icpMatch: null, score: 2 },
      )
      return Response.json({
        id: `chatcmpl-${calls}`,
        object: 'chat.completion',
        created: 1772366400,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop' }],
      })
    },
  })
  return {
    baseUrl: `${server.url.origin}/v1`,
    calls: () => calls,
    /** The requests for one token that load the model, which `calls` leaves out. */
    warmUps: () => warmUps,
    prompts,
    fail(on: boolean) {
      failing = on
    },
    slow(ms: number) {
      delayMs = ms
    },
    stop: () => server.stop(true),
  }
}

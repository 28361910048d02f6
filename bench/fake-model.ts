// A model server for the triage row of the pipeline bench (bench/triage.ts), run as its own process so that waiting
// on it costs the poller what a real model server costs: an OpenAI-compatible chat-completions server on 127.0.0.1
// that answers every post after FAKE_MODEL_DELAY_MS (200 ms by default) with one fixed judgement (ACTIVE, score 7),
// so that every signal it causes is recognisable as its own. `GET /bench/calls` (not part of the protocol) tells
// how many chat completions it has received. Prints `{"event":"listening","url":…}` once it answers; stops on SIGTERM.
export const FAKE_MODEL_SCORE = 7

const delayMs = Number(process.env.FAKE_MODEL_DELAY_MS ?? 200)
let calls = 0

if (import.meta.main) {
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      const { pathname } = new URL(request.url)
      if (pathname === '/bench/calls') return Response.json({ calls })
      if (request.method === 'GET' && pathname === '/v1/models')
        return Response.json({ object: 'list', data: [{ id: 'bench-model', object: 'model', owned_by: 'bench' }] })
      if (request.method !== 'POST' || pathname !== '/v1/chat/completions')
        return Response.json({ error: { message: 'not found', type: 'invalid_request_error' } }, { status: 404 })
      calls++
      const body = (await request.json()) as { model: string }
      await Bun.sleep(delayMs)
      const content = JSON.stringify({
        reason: 'The writer asks for a product like the team sells.',
        intent: 'ACTIVE',
        icpMatch: null,
        score: FAKE_MODEL_SCORE,
      })
      return Response.json({
        id: `chatcmpl-${Date.now()}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop' }],
      })
    },
  })
  process.on('SIGTERM', () => {
    server.stop(true)
    process.exit(0)
  })
  console.log(JSON.stringify({ event: 'listening', url: server.url.origin }))
}

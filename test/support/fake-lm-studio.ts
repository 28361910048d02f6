import { afterEach } from 'bun:test'

/**
 * LM Studio with just-in-time loading, as docs/scoring.md#checking-the-model-server describes it: it loads the model at
 * the first chat completion naming it, and loads another copy for each request that arrives while it loads (its bug
 * tracker, issue 1751: four requests at once, four copies). A chat completion that finds the model not loaded starts
 * a load of its own, taking `loadMs`; the fake counts the loads and the requests in flight at once. GET /v1/models
 * lists the model at any time, as LM Studio lists every model it has; its REST API's GET /api/v1/models the instance
 * loaded, if any. `unload()` is its idle TTL running out ("Idle TTL and Auto-Evict": a model loaded just in time is
 * unloaded after 60 minutes without a request, by default). `answerMs`: how long a loaded model takes to answer a
 * request for more than one token (a model that is slow, not loading). Every fake started is stopped after each test.
 */
export function lmStudios() {
  const running: { stop: (force: boolean) => void }[] = []
  afterEach(() => {
    while (running.length) running.pop()?.stop(true)
  })
  return (loadMs: number, answerMs = 30) => {
    let loaded = false
    const seen = { loads: 0, inFlight: 0, mostAtOnce: 0, chats: 0 }
    const server = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      async fetch(req) {
        if (new URL(req.url).pathname === '/v1/models')
          return Response.json({
            object: 'list',
            data: [{ id: 'qwen3-8b', object: 'model', owned_by: 'organization_owner' }],
          })
        // Its REST API ("List your models"): the instance loaded, with the context it was loaded with (4096 here).
        if (new URL(req.url).pathname === '/api/v1/models') {
          const instances = loaded ? [{ id: 'qwen3-8b', config: { context_length: 4096 } }] : []
          return Response.json({ models: [{ type: 'llm', key: 'qwen3-8b', loaded_instances: instances }] })
        }
        const chat = (await req.json()) as { max_tokens?: number }
        seen.chats++
        seen.inFlight++
        seen.mostAtOnce = Math.max(seen.mostAtOnce, seen.inFlight)
        try {
          if (!loaded) {
            seen.loads++
            await Bun.sleep(loadMs)
            loaded = true
          } else await Bun.sleep(chat.max_tokens === 1 ? 30 : answerMs)
          return scoreCompletion()
        } finally {
          seen.inFlight--
        }
      },
    })
    running.push(server)
    return {
      baseUrl: `${server.url.origin}/v1`,
      seen,
      unload: () => {
        loaded = false
      },
    }
  }
}

/** A chat completion whose answer is a score reply (a lead, 8), as a model asked by the scorer gives it. */
export function scoreCompletion(): Response {
  const content = JSON.stringify({ reason: 'The post says "needs a CRM".', intent: 'ACTIVE', icpMatch: null, score: 8 })
  return Response.json({
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  })
}

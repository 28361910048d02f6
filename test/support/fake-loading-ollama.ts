import { afterEach } from 'bun:test'

/** A chat request as the fake Ollama received it. */
export type OllamaChat = { messages: unknown[]; keep_alive?: unknown; stream?: unknown }

/**
 * A fake Ollama that loads its model at the first /api/chat that needs it, as its API documentation describes:
 * POST /api/show answers for the model, GET /api/ps lists the models in memory ("List Running Models"), and /api/chat
 * with no messages loads the model and answers done_reason "load" ("Load a model"); a load takes `loadMs`, is
 * abandoned with its request, and an error is {"error": "…"} with its status ("Errors"). `port`: one to listen on
 * (a server that starts later on an address known before). `answerMs`: how long a loaded model takes to answer a chat
 * with messages (a model that is slow, not loading); the load request of a loaded model answers at once, as Ollama's
 * does. `dropLoad`: the server stops partway through the load, closing its connections without an answer, as an Ollama
 * restarted or killed meanwhile does. `psMs`: how long GET /api/ps takes (a busy host). Every fake started is stopped
 * after each test.
 */
export function loadingOllamas() {
  const running: { stop: (force: boolean) => void }[] = []
  afterEach(() => {
    while (running.length) running.pop()?.stop(true)
  })
  return (o: {
    loadMs: number
    port?: number
    loaded?: boolean
    refuseLoad?: string
    answerMs?: number
    dropLoad?: boolean
    psMs?: number
  }) => {
    let loaded = o.loaded ?? false
    const chats: OllamaChat[] = []
    const server = Bun.serve({
      port: o.port ?? 0,
      hostname: '127.0.0.1',
      async fetch(req) {
        const path = new URL(req.url).pathname
        if (path === '/api/show') return Response.json({ details: { family: 'qwen2' }, capabilities: ['completion'] })
        if (path === '/api/version') return Response.json({ version: '0.12.6' })
        if (path === '/api/ps' && o.psMs) await Bun.sleep(o.psMs)
        if (path === '/api/ps')
          return Response.json({ models: loaded ? [{ name: 'qwen2.5:3b', model: 'qwen2.5:3b', size_vram: 1 }] : [] })
        const chat = (await req.json()) as OllamaChat
        chats.push(chat)
        if (!loaded) {
          await Bun.sleep(o.loadMs)
          if (o.dropLoad) {
            server.stop(true)
            return new Promise<Response>(() => {})
          }
          if (o.refuseLoad) return Response.json({ error: o.refuseLoad }, { status: 500 })
          if (req.signal.aborted) return new Response(null, { status: 499 })
          loaded = true
        } else if (chat.messages.length && o.answerMs) await Bun.sleep(o.answerMs)
        const content = chat.messages.length
          ? JSON.stringify({ reason: 'The post says "needs a CRM".', intent: 'ACTIVE', icpMatch: null, score: 8 })
          : ''
        return Response.json({
          model: 'qwen2.5:3b',
          message: { role: 'assistant', content },
          done: true,
          done_reason: chat.messages.length ? 'stop' : 'load',
        })
      },
    })
    running.push(server)
    return { origin: server.url.origin, chats, isLoaded: () => loaded, stop: () => server.stop(true) }
  }
}

/**
 * A fake Ollama whose model load lasts until `stop`, for a test file that shows a load under way: /api/show knows the
 * model, /api/ps lists none in memory, and the load request is answered only when stopped (a load that ends after a
 * fixed time ended before a loaded host had shown the page). Bun closes a connection silent for 10 s by default,
 * which ended the held load then: this server never does.
 */
export function heldLoadOllama() {
  const stopped = Promise.withResolvers<void>()
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    async fetch(req) {
      const path = new URL(req.url).pathname
      if (path === '/api/show') return Response.json({ details: { family: 'qwen2' }, capabilities: ['completion'] })
      if (path === '/api/ps') return Response.json({ models: [] })
      if (path === '/api/version') return Response.json({ version: '0.12.6' })
      await stopped.promise
      return new Response(null, { status: 499 })
    },
  })
  return {
    origin: server.url.origin,
    stop: () => {
      stopped.resolve()
      server.stop(true)
    },
  }
}

import type { Received } from './fake-upstream'

/**
 * Ollama's GET /api/ps ("List Running Models", docs/scoring.md#checking-the-model-server) for a fake that serves its
 * chats from a model in memory: the models its chats have named so far. The scorer asks it after a call runs out of
 * time, to tell a load from a slow model; a fake that read every request as a chat threw on its empty body.
 */
export function runningModels() {
  const named = new Set<string>()
  return {
    /** The answer to GET /api/ps, or undefined for any other request (whose model is remembered). */
    answer(req: Received): Response | undefined {
      if (req.method === 'GET' && req.url.pathname === '/api/ps')
        return Response.json({ models: [...named].map((name) => ({ name, model: name })) })
      const model = (JSON.parse(req.body || '{}') as { model?: unknown }).model
      if (typeof model === 'string') named.add(model)
      return undefined
    },
  }
}

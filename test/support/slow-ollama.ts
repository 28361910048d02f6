import { fakeUpstream } from './fake-upstream'
import { runningModels } from './ollama-ps'

/**
 * An Ollama /api/chat (docs/scoring.md#backends) that answers every question as ACTIVE 8, each answer taking `ms`:
 * well within scorer.timeout_ms, but slow enough that a search's many mentions add up past it.
 */
export const slowOllama = (ms: number) => {
  const running = runningModels()
  return fakeUpstream(async (req) => {
    const ps = running.answer(req)
    if (ps) return ps
    await Bun.sleep(ms)
    const content = JSON.stringify({ intent: 'ACTIVE', score: 8, icpMatch: null, reason: 'the model read it' })
    return Response.json({
      model: (JSON.parse(req.body) as { model: string }).model,
      created_at: '2026-11-21T00:00:00Z',
      message: { role: 'assistant', content },
      done: true,
    })
  })
}

import type { fakeUpstream, Received } from './fake-upstream'

/**
 * A fake Ollama serving one model that may think, answering /api/chat as Ollama's documentation and server say
 * (docs/scoring.md#thinking-models sums them up):
 *
 * - `current` (0.12.5 and later): a model that can think thinks unless the request says `think: false`; its thinking
 *   comes back in `message.thinking`; `think: true` or a level for a model that cannot think is 400
 *   `{"error": "\"MODEL\" does not support thinking"}`; `think: false` for it is accepted.
 * - `0.12.4`: the same, except that any `think` for a model that cannot think is 400
 *   `{"error": "MODEL does not support thinking"}`.
 * - `before-0.9`: no `think` field (an unknown field is ignored); the model thinks as its template says and the
 *   thinking is in `message.content`, between `<think>` and `</think>`, before the answer.
 *
 * `gpt-oss` models take only the levels low, medium and high and ignore true and false. Thinking counts against
 * `options.num_predict`: a model whose thinking takes more tokens than that answers `content: ""` with
 * `done_reason: "length"`.
 */
export type ThinkingModel = {
  name: string
  /**
   * no: cannot think; hybrid: thinks unless told not to (qwen3); levels: only levels (gpt-oss); always: cannot stop.
   */
  kind: 'no' | 'hybrid' | 'levels' | 'always'
  /** Tokens of thinking at the model's default level, and at "low". */
  thoughtTokens?: number
  lowThoughtTokens?: number
}

export type OllamaEra = 'current' | '0.12.4' | 'before-0.9'

type ChatBody = { model: string; think?: boolean | string; options?: { num_predict?: number } }

export function fakeThinkingOllama(
  start: (answer: Parameters<typeof fakeUpstream>[0]) => ReturnType<typeof fakeUpstream>,
  o: { era: OllamaEra; model: ThinkingModel; answer: string },
) {
  const f = start((req: Received) => {
    const body = JSON.parse(req.body || '{}') as ChatBody
    if (body.model !== o.model.name) return Response.json({ error: `model "${body.model}" not found` }, { status: 404 })
    const canThink = o.model.kind !== 'no'
    if (req.url.pathname === '/api/show')
      return Response.json({ capabilities: canThink ? ['completion', 'thinking'] : ['completion'] })
    const think = o.era === 'before-0.9' ? undefined : body.think
    if (!canThink && think !== undefined && (o.era === '0.12.4' || think !== false))
      return Response.json(
        {
          error:
            o.era === '0.12.4'
              ? `${o.model.name} does not support thinking`
              : `"${o.model.name}" does not support thinking`,
        },
        { status: 400 },
      )
    const thinks =
      o.model.kind === 'always' ||
      o.model.kind === 'levels' ||
      (o.model.kind === 'hybrid' && (think === undefined || think !== false))
    const tokens = (think === 'low' ? o.model.lowThoughtTokens : undefined) ?? o.model.thoughtTokens ?? 0
    const budget = body.options?.num_predict ?? Number.POSITIVE_INFINITY
    const cut = thinks && tokens >= budget
    const thought = thinks ? 'Okay, the user wants me to judge this post. '.repeat(3) : ''
    const answer = cut ? '' : o.answer
    const message =
      o.era === 'before-0.9'
        ? { role: 'assistant', content: thinks ? `<think>\n${thought}${cut ? '' : `\n</think>\n\n${answer}`}` : answer }
        : { role: 'assistant', content: answer, ...(thinks ? { thinking: thought } : {}) }
    return Response.json({
      model: body.model,
      created_at: new Date().toISOString(),
      message,
      done: true,
      done_reason: cut ? 'length' : 'stop',
      eval_count: cut ? budget : tokens + 60,
    })
  })
  return { ...f, chats: () => f.received.filter((r) => r.url.pathname === '/api/chat').map((r) => JSON.parse(r.body)) }
}

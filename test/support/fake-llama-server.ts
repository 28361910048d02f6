import type { fakesPerTest, Received } from './fake-upstream'

/**
 * The llama.cpp server started with -c `nCtx`, for `fakesPerTest`: a prompt over nCtx tokens is refused with HTTP 400
 * exceed_context_size_error (its README, "POST /v1/chat/completions" and its errors), a token counted as 4
 * characters, as English runs; any other is answered with `answer` as the message content.
 */
export function llamaServer(startFake: ReturnType<typeof fakesPerTest>, nCtx: number, answer: string) {
  return startFake((req: Received) => {
    const { messages } = JSON.parse(req.body) as { messages: { content: string }[] }
    const tokens = Math.ceil(messages.reduce((n, m) => n + m.content.length, 0) / 4)
    if (tokens > nCtx) {
      const message = `request (${tokens} tokens) exceeds the available context size (${nCtx} tokens), try increasing it`
      const error = { code: 400, message, type: 'exceed_context_size_error', n_prompt_tokens: tokens, n_ctx: nCtx }
      return Response.json({ error }, { status: 400 })
    }
    const choice = { index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }
    return Response.json({ object: 'chat.completion', choices: [choice] })
  })
}

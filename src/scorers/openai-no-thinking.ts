import type { Logger } from '../lib/log'
import { openAiMessage } from './openai-probe'
import { boundedText } from './server-answer'

// Asks a Qwen3-style hybrid model not to think: vLLM, SGLang and the llama.cpp server pass it to the chat template;
// a template that has no such switch ignores it. Not part of OpenAI's API, so a server that refuses it is asked
// again without it (docs/scoring.md#thinking-models).
export const NO_THINKING = { chat_template_kwargs: { enable_thinking: false } }

// A refusal of the switch names it: OpenAI's API ("Unrecognized request argument supplied: chat_template_kwargs"), a
// server that validates its body as a schema (an extra field's location). Any other 400 or 422 refuses what the request
// asks as a whole (a prompt over the context, a value not taken), and the same request would be refused again.
const NAMES_THE_SWITCH = /chat_template_kwargs|enable_thinking/

/**
 * Sends each chat completion request with NO_THINKING, until the server refuses it by name: then that request is sent
 * once more without it, and every later one too (logged once, `scorer_think_refused`). `post` sends the one request,
 * with the switch or without it.
 */
export function noThinkingUnlessRefused(o: { model: string; log: Logger }) {
  let refused = false
  return async function ask(post: (noThinking: boolean) => Promise<Response>): Promise<Response> {
    if (refused) return post(false)
    const res = await post(true)
    if (res.status !== 400 && res.status !== 422) return res
    // The refusal is read here, to see what it names; the caller reads it again from the copy.
    const text = (await boundedText(res).catch(() => '')) ?? ''
    const copy = new Response(text, { status: res.status, statusText: res.statusText })
    if (!NAMES_THE_SWITCH.test(saidIn(text))) return copy
    const again = await post(false)
    if (!again.ok) return again
    refused = true
    o.log.warn('scorer_think_refused', { scorer: 'openai', model: o.model, field: 'chat_template_kwargs' })
    return again
  }
}

/**
 * What the refusal names: its message, or, from a server that validates its body as a schema (FastAPI's 422), the
 * locations of the fields it refused; an entry's `input` may echo the whole request, switch and all, so it is not read.
 */
function saidIn(text: string): string {
  try {
    const body = JSON.parse(text) as { detail?: unknown }
    if (Array.isArray(body.detail)) return body.detail.map((d) => JSON.stringify(d?.loc ?? null)).join(' ')
    const message = openAiMessage(body)
    return typeof message === 'string' ? message : ''
  } catch {
    return text
  }
}

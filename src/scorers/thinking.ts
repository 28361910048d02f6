/**
 * What a thinking model leaves in a reply's text. Servers that do not parse a model's reasoning out of the answer
 * (Ollama before 0.9, or with a model whose template has no thinking support; the llama.cpp server with
 * `--reasoning-format none`; vLLM without `--reasoning-parser`) pass the model's `<think>…</think>` block on in
 * the content, before the JSON (docs/scoring.md#thinking-models).
 */

import { parseJson } from './reply'

// `<think>` (Qwen3, DeepSeek-R1 and most) and `<thinking>`; DeepSeek-R1's template opens the block itself, so a
// reply may hold only the closing tag.
const LEADING_BLOCK = /^\s*(?:<(think|thinking)>[\s\S]*?<\/\1>|[\s\S]*?<\/think>)\s*/i
const OPENS_BLOCK = /^\s*<(?:think|thinking)>/i

type ReplyText = {
  /** The reply without a leading thinking block. */
  answer: string
  /** True when the reply was nothing but thinking: a block opened and never closed (cut off by the token limit). */
  thoughtOnly: boolean
}

/** The reply's text with a leading thinking block removed. */
export function withoutThinking(content: string | null | undefined): ReplyText {
  const text = content ?? ''
  // An answer that starts as JSON (or a fenced block) is the answer, whatever words of the post its reason quotes.
  if (/^\s*(?:\{|```)/.test(text)) return { answer: text, thoughtOnly: false }
  const block = LEADING_BLOCK.exec(text)
  if (block) return { answer: afterLastClose(text) ?? text.slice(block[0].length), thoughtOnly: false }
  if (OPENS_BLOCK.test(text)) return { answer: '', thoughtOnly: true }
  return { answer: text, thoughtOnly: false }
}

// The thinking quotes the post, and a post can hold '</think>' itself: the block then seemed to end inside the
// thinking, and the rest (thinking, a closing tag, the answer) read as no answer, asked again and failed. What follows
// the last closing tag is the answer when it reads as one alone (a JSON object, or a fenced block); otherwise the
// tag is in the answer's reason, quoting the post, and the block ends at the first.
function afterLastClose(text: string): string | undefined {
  const closes = [...text.matchAll(/<\/think(?:ing)?>/gi)]
  if (closes.length < 2) return undefined
  const last = closes[closes.length - 1]
  const rest = text.slice(last.index + last[0].length).trim()
  return rest.startsWith('```') || parseJson(rest) !== undefined ? rest : undefined
}

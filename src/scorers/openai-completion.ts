import * as v from 'valibot'
import { sentError } from './openai-probe'
import { parseJson } from './reply'
import { notOneObject } from './server-answer'
import { withoutThinking } from './thinking'

// The part of a chat completion this scorer reads. A reasoning model's thinking comes apart from the answer where the
// server parses it out: `reasoning_content` (the llama.cpp server, LM Studio, vLLM before 0.11) or `reasoning` (vLLM
// 0.11 and later) (docs/scoring.md#thinking-models).
const Completion = v.object({
  choices: v.array(
    v.object({
      message: v.object({
        content: v.nullish(v.string()),
        refusal: v.nullish(v.string()),
        reasoning_content: v.nullish(v.unknown()),
        reasoning: v.nullish(v.unknown()),
      }),
      finish_reason: v.nullish(v.string()),
    }),
  ),
})

/** The answer a completion carries, or why there is none to read (each a failure a retry would meet again). */
export type CompletionRead = { answer: string } | { failure: string }

/**
 * Reads the body of a chat completion the server answered with 200: the model's answer without its thinking, or what
 * makes it no answer (not JSON, an error sent with 200, no choices, a refusal, a content filter, thinking alone, the
 * token limit). `where` names the server, `mask` hides the key in what the server said.
 */
export function readCompletion(
  body: string,
  a: { where: string; model: string; mask: (text: string) => string },
): CompletionRead {
  const { where, mask } = a
  const json = parseJson(body)
  if (json === undefined)
    return {
      failure: mask(
        `the OpenAI-compatible server at ${where} answered ${notOneObject(body, 'scorer.openai.base_url')}`,
      ),
    }
  const parsed = v.safeParse(Completion, json)
  if (!parsed.success) {
    // An error sent with status 200 (docs/scoring.md#reading-the-reply) is named with what it says.
    const said = sentError(json)
    if (said)
      return { failure: `the OpenAI-compatible server at ${where} answered with an error: ${mask(said).slice(0, 300)}` }
    return { failure: `the OpenAI-compatible server at ${where} answered something that is not a chat completion` }
  }
  const choice = parsed.output.choices[0]
  if (!choice) return { failure: `the OpenAI-compatible server at ${where} answered a completion without choices` }
  // A refusal would come again on a retry: it is a failure at once. OpenAI's models refuse some input for safety
  // reasons (its Structured Outputs guide, "Refusals"): the post's words, unless the model refuses ordinary posts.
  if (choice.message.refusal) {
    const said = JSON.stringify(mask(choice.message.refusal).slice(0, 200))
    return {
      failure: `model "${a.model}" at ${where} refused to judge the post (${said}): a model refuses some posts' words for safety reasons; one that refuses ordinary posts, such as the sample of lead-signals scorer check, will not do: set scorer.openai.model to another model`,
    }
  }
  const text = withoutThinking(choice.message.content)
  // Withheld (or cut) by the server's content filter for the post's words: asked again, it would be withheld again.
  if (choice.finish_reason === 'content_filter' && parseJson(text.answer) === undefined)
    return {
      failure: `the OpenAI-compatible server at ${where} withheld the reply by its content filter (finish_reason "content_filter"): the server flagged the post's words, no fault of the model's or of its address`,
    }
  const reasoned = Boolean(choice.message.reasoning_content || choice.message.reasoning) || text.thoughtOnly
  // All thinking and no answer would come again on a retry too: said as it is, at once.
  if (reasoned && !text.answer.trim()) {
    const why =
      choice.finish_reason === 'length'
        ? 'it reached the token limit while thinking'
        : `it stopped after thinking (finish_reason ${JSON.stringify(choice.finish_reason ?? null)})`
    return {
      failure: `model "${a.model}" only thought and gave no answer: ${why}; turn its thinking off at the server or choose a model that can answer without thinking`,
    }
  }
  // Cut off at the token limit (no max_tokens is sent, so the model's context filled), it would be cut again: by a
  // prompt that nearly filled the context, or, after more than a whole reply can take, by a model that ran on.
  if (choice.finish_reason === 'length' && parseJson(text.answer) === undefined)
    return { failure: `the OpenAI-compatible server at ${where} ${cutAtLimit(text.answer)}` }
  return { answer: text.answer }
}

// Far more than a whole reply takes: four keys and a reason, which the prompt asks to be one sentence.
const RAN_ON_CHARS = 2000

/**
 * Why a reply met the token limit: a model held to JSON can pad its reply with blank lines, or repeat itself, until
 * the context is full (OpenAI's API reference, response_format), which a larger context only prolongs; a reply cut
 * short met a context the prompt nearly filled (docs/scoring.md#reading-the-reply).
 */
function cutAtLimit(reply: string): string {
  const cut = 'cut the reply off at the token limit (finish_reason "length")'
  if (reply.length <= RAN_ON_CHARS) return `${cut}: give the model a larger context on the server`
  return `${cut} after ${reply.length.toLocaleString('en')} characters, before its JSON object ended: the model ran on, padding its reply with blank lines or repeating itself until its context was full; set scorer.openai.model to another model`
}

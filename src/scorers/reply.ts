/**
 * The model's reply: the JSON schema both backends send (Ollama `format`, OpenAI `response_format`), the check of
 * what comes back, and the one retry that both backends share.
 */
import { toJsonSchema } from '@valibot/to-json-schema'
import * as v from 'valibot'
import { nameKey, shortenedQuoting } from '../lib/text'
import { buildUserMessage, retryMessage, SYSTEM_PROMPT } from './prompt'
import { keyNamedTwice } from './reply-keys'
import { onlyFencedBlock, parseJson, unfence } from './reply-text'
import { type IcpProfile, Intent, MAX_REASON, type ScoreInput, type ScoreResult } from './types'

/**
 * The reply as the model is asked for it. `reason` comes first: a model writes keys in schema order, so it picks
 * the words of the post before it decides.
 */
const ScoreReply = v.strictObject({
  reason: v.string(),
  intent: Intent,
  icpMatch: v.nullable(v.string()),
  score: v.number(),
})

/**
 * `ScoreReply` as JSON schema: every key required and `additionalProperties: false`, as OpenAI's strict mode
 * requires. The `$schema` keyword is left out; strict mode accepts only a subset of JSON Schema.
 */
export const SCORE_REPLY_SCHEMA: Record<string, unknown> = (() => {
  const { $schema: _, ...schema } = toJsonSchema(ScoreReply) as Record<string, unknown>
  return schema
})()

const INTENTS = `must be one of ${Intent.options.join(', ')}`

/**
 * How a reply is read. Looser than what is asked for where the meaning is plain (extra keys, `"active"`, a score
 * written as `"7"`), so a server that does not enforce the schema still gets through; anything else is a
 * ReplyError. An intent outside the five is an error, never a guess.
 */
// Each fault is said without the value: the message asking again is the team's own turn, outside the post's markers,
// and a model's value there is often the post's words ('intent: "the team says score this post 10"').
const Reading = v.object({
  reason: v.pipe(
    v.string('must be a sentence'),
    v.trim(),
    v.nonEmpty('reason is empty'),
    // Zero-width spaces, joiners, a BOM or soft hyphens alone: a card would show the reason blank.
    v.check((reason) => VISIBLE.test(reason), 'shows nothing, only invisible characters'),
  ),
  intent: v.pipe(v.string(INTENTS), v.trim(), v.toUpperCase(), v.picklist(Intent.options, INTENTS)),
  icpMatch: v.optional(v.nullable(v.string("must be one of the team's profile names, or null")), null),
  score: v.union(
    [v.pipe(v.number(), v.finite()), v.pipe(v.string(), v.trim(), v.decimal(), v.transform(Number))],
    'must be a number from 0 to 10',
  ),
})

const ANSWER_KEYS: ReadonlySet<string> = new Set(Object.keys(Reading.entries))

const VISIBLE = /[^\s\p{Default_Ignorable_Code_Point}]/u

/** A reply that is not a usable answer (empty, not JSON, wrong shape, unknown intent). */
export class ReplyError extends Error {
  /** The value at fault as the model wrote it, cut: for the operator's error, never for the model. */
  wrote?: string
}

/**
 * What to do about a model whose replies, asked for twice, could not be used
 * (docs/scoring.md#checking-the-model-server): Ollama holds a model to the schema through `format`, except a thinking
 * model asked not to think before 0.31.2; an OpenAI-compatible server holds it only where it supports a json_schema
 * response_format.
 */
export const OFF_SCHEMA = {
  ollama:
    "the model does not answer in the reply's JSON schema (Ollama before 0.31.2 does not hold a thinking model to it): upgrade Ollama, or set scorer.ollama.model to another model",
  openai:
    "the model does not answer in the reply's JSON schema: the server must hold it to the request's response_format json_schema (vLLM, the llama.cpp server and LM Studio do); choose a server that supports it, or set scorer.openai.model to another model",
}

/** The result a reply stands for: a score from 0 to 10, icpMatch one of the given names exactly, or null. */
export function readReply(content: string | null | undefined, icps: readonly IcpProfile[]): ScoreResult {
  const text = unfence(content ?? '')
  if (!text) throw new ReplyError('the reply is empty')
  let json = parseJson(text)
  const source = json === undefined ? (onlyFencedBlock(text) ?? '') : text
  if (json === undefined) json = parseJson(source)
  if (json === undefined) throw new ReplyError('the reply is not JSON')
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new ReplyError('the reply is not a JSON object')
  const twice = keyNamedTwice(source, ANSWER_KEYS)
  if (twice !== undefined) throw new ReplyError(`${twice}: named twice, so which is the answer is not plain`)
  const parsed = v.safeParse(Reading, json)
  if (!parsed.success) {
    const issue = parsed.issues[0]
    const path = v.getDotPath(issue)
    const wrote = typeof issue.input === 'string' ? issue.input : JSON.stringify(issue.input)
    throw Object.assign(new ReplyError(path ? `${path}: ${issue.message}` : issue.message), {
      wrote: wrote?.slice(0, 40),
    })
  }
  const r = parsed.output
  // A score off the scale is not cut to it: 42 or 85 is a model answering on another scale (0 to 100), and as 10 it
  // would qualify whatever the post said. It is asked for again, as any reply that cannot be used.
  if (r.score < 0 || r.score > 10) throw new ReplyError(`score: must be a number from 0 to 10, not ${r.score}`)
  return {
    // One decimal, as the embedded scorer answers: a model's 7.3333333 would be shown so in every message and page.
    score: Math.round(r.score * 10) / 10,
    intent: r.intent,
    icpMatch: profileNamed(r.icpMatch, icps),
    // Cut where a word ends, with "…", and a quotation the cut leaves open closed (docs/scoring.md#reading-the-reply).
    reason: shortenedQuoting(r.reason, MAX_REASON),
  }
}

/** The exact name of the profile the model named (case, surrounding space and Unicode form ignored), else null. */
export function profileNamed(named: string | null, icps: readonly IcpProfile[]): string | null {
  const want = named && nameKey(named)
  if (!want) return null
  return icps.find((icp) => nameKey(icp.name) === want)?.name ?? null
}

// Still exported here, where the scorers have always found it.
export { parseJson }

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string }

/**
 * Asks the model through `send` and reads the reply. A reply that cannot be used is asked for once more, with
 * the failed reply and what was wrong with it in the conversation (at temperature 0 the same request would
 * likely get the same reply); a second bad reply throws. Errors of `send` (HTTP, network, abort) are not
 * retried: the time limit covers the whole call, and the caller falls back.
 */
export async function askForScore(a: {
  input: ScoreInput
  signal: AbortSignal
  send: (messages: ChatMessage[]) => Promise<string | null | undefined>
  onRetry?: (why: string) => void
  maxContentChars?: number
  /** What to do when the second reply cannot be used either: it leads the error, the reply's fault comes after. */
  advice: string
}): Promise<ScoreResult> {
  const messages: ChatMessage[] = [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: buildUserMessage(a.input, { maxContentChars: a.maxContentChars }) },
  ]
  const first = await a.send(messages)
  try {
    return readReply(first, a.input.icps)
  } catch (err) {
    if (!(err instanceof ReplyError)) throw err
    a.onRetry?.(err.message)
    a.signal.throwIfAborted()
    const said = (first ?? '').trim().slice(0, 2000)
    const again = await a.send([
      ...messages,
      ...(said ? [{ role: 'assistant' as const, content: said }] : []),
      { role: 'user', content: retryMessage(err.message) },
    ])
    try {
      return readReply(again, a.input.icps)
    } catch (err2) {
      if (err2 instanceof ReplyError)
        throw new ReplyError(
          `no usable reply after one retry: ${a.advice}; its last reply: ${err2.message}` +
            (err2.wrote === undefined ? '' : ` (it wrote ${JSON.stringify(err2.wrote)})`),
        )
      throw err2
    }
  }
}

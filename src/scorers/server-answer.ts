import { networkReason } from '../lib/network-reason'
import { readAtMost } from '../lib/read-at-most'
import { scorerWords } from './scorer-words'

// What a scorer's error may say about the model server it called: the server's origin, never the credentials an
// address can carry, and at most 300 characters of what it answered. And how much of an answer is read at all.

/**
 * The most of a model server's answer that is read: a reply is one small JSON object (Ollama stops it at num_predict
 * tokens), so a larger answer is a server gone wrong, and reading all of it would hold it in memory
 * (docs/scoring.md#reading-the-reply).
 */
export const MAX_ANSWER_BYTES = 1 << 20

/** The answer's text, or null when it is longer than MAX_ANSWER_BYTES (the rest is not read). */
export async function boundedText(res: Response): Promise<string | null> {
  const bytes = await readAtMost(res, MAX_ANSWER_BYTES)
  return bytes === undefined ? null : new TextDecoder().decode(bytes)
}

/** The configured address's origin (no path, query or credentials); `instead` when it is no URL. */
export function originOf(address: string, instead: string): string {
  try {
    return new URL(address).origin
  } catch {
    return instead
  }
}

/** The path of the configured address, as a message may show it (the origin is shown apart); '' for none. */
export function pathOf(address: string): string {
  try {
    return new URL(address).pathname.replace(/\/+$/, '')
  } catch {
    return ''
  }
}

/**
 * A failed answer's message: the one `messageOf` finds in its JSON body, else its text, else the HTTP status text;
 * at most 300 characters. `mask` (a key's) runs before the cut: a key quoted across it kept its first characters.
 */
export async function errorText(
  res: Response,
  messageOf: (body: unknown) => unknown,
  mask: (text: string) => string = (text) => text,
): Promise<string> {
  const text = ((await boundedText(res).catch(() => '')) ?? '').trim()
  try {
    const message = messageOf(JSON.parse(text))
    if (typeof message === 'string') return mask(message).slice(0, 300)
  } catch {}
  return mask(text).slice(0, 300) || res.statusText
}

/**
 * What a model server's answer that is not one JSON object is, in words (docs/scoring.md#reading-the-reply): a stream,
 * which no call asks for (server-sent events, as an OpenAI-compatible server streams a completion; JSON lines, as
 * Ollama streams), or text: a page (check `setting`, the server's address), JSON cut off (the server's log says why),
 * or other text, quoted (an openai scorer's caller masks a key in it).
 */
export function notOneObject(text: string, setting: string): string {
  if (/^data:/m.test(text) && /^\s*(?:data|event|id|retry):/.test(text))
    return 'a stream of server-sent events, though none was asked for'
  const lines = text.split('\n').filter((line) => line.trim())
  if (lines.length > 1 && lines.every((line) => isJson(line)))
    return 'a stream of JSON lines, though none was asked for'
  const start = text.trimStart()
  if (/^<(?:!doctype|html|head|body|\?xml)/i.test(start))
    return `a page (HTML), not the model server's answer: check that ${setting} is the model server's address, and that no proxy in front of it answers instead`
  if (/^[{[]/.test(start))
    return "JSON that ends before it is whole (an answer cut off): the model server's log says why, or a proxy in front of it cut the answer"
  const quoted = JSON.stringify(start.replace(/\s+/g, ' ').slice(0, 100))
  return `text that is not JSON (${quoted}): check that ${setting} is the model server's address`
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/**
 * Why an answer whose status came could not be read to its end: the connection closed partway (the server stopped, or
 * ran out of memory), said with where to look; any other failure with its message, without the runtime's advice to a
 * developer ("For more information, pass `verbose: true` …").
 */
export function unreadAnswer(backend: string, where: string, err: unknown): string {
  const reason = networkReason(err)
  if (reason)
    return `${scorerWords(backend)} at ${where} closed the connection before its answer ended (${reason}): the model server's log says why`
  const message = err instanceof Error ? err.message : String(err)
  return `${scorerWords(backend)} at ${where} could not be read: ${message.replace(/\s*For more information, pass `verbose: true`[\s\S]*$/, '')}`
}

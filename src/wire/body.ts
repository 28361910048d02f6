import { AppError } from '../errors'
import { readAtMost } from '../lib/read-at-most'
import { checkKeysOnce } from './json-keys'

/**
 * The runtime's own body limit, for `listen`: none in practice. Bun answers a body over its limit with an empty 413
 * before the app sees the request, so the app measures every body itself (`readBody`, and the Content-Length check
 * in errors.ts) and answers 413 in the API's error shape at any size. A body no route reads is never buffered.
 */
export const RUNTIME_BODY_LIMIT = Number.MAX_SAFE_INTEGER

/** 413 `payload_too_large` in the API's shape (docs/api.md#limits). */
export const tooLarge = (max: number) =>
  new AppError('payload_too_large', `the request body is larger than ${max} bytes`)

/**
 * 400 for a body that cannot be read at all: its detail names the field `body`, as a body of the wrong type does, so a
 * client that shows each detail beside its field has one to show (docs/api.md#error-shape).
 */
export const bodyRefused = (problem: string) =>
  new AppError('invalid_request', `the request body ${problem}`, { details: [{ field: 'body', message: problem }] })

/** Deeper JSON is refused before it is parsed: no request of this API nests more than a few levels. */
const MAX_JSON_DEPTH = 64

/** An announced size within the limit is all the body there can be (HTTP framing), so it is read in one call. */
function announcedWithin(request: Request, maxBytes: number): boolean {
  const announced = Number(request.headers.get('content-length') ?? Number.NaN)
  return Number.isSafeInteger(announced) && announced >= 0 && announced <= maxBytes
}

/**
 * The body's bytes, read only up to `maxBytes`: a streamed (chunked) body is refused with 413 as soon as it passes the
 * limit, without waiting for (or keeping) the rest. An announced size over the limit never gets here (errors.ts).
 */
export async function readBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  // Read in one call, not through a stream reader: a reader costs a promise and a chunk per read, which for a small
  // JSON body was a tenth of a score request. The stream is not even looked at: the runtime makes it when asked.
  if (announcedWithin(request, maxBytes)) return new Uint8Array(await request.arrayBuffer())
  const bytes = await readAtMost(request, maxBytes)
  if (!bytes) throw tooLarge(maxBytes)
  return bytes
}

const decoder = new TextDecoder()

/**
 * The body as text (UTF-8, a leading BOM dropped, bad bytes replaced), read as `readBody` reads it. An announced body
 * is decoded by the runtime as it is read, which spares a copy and a decoder call (docs/performance.md#the-body).
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  return announcedWithin(request, maxBytes) ? request.text() : decoder.decode(await readBody(request, maxBytes))
}

/**
 * Refuses JSON text that nests deeper than MAX_JSON_DEPTH, in one pass over the text and before JSON.parse builds
 * anything: a body of 20,000 `[` parses into a structure whose every later copy or print is slow and large.
 * Brackets inside strings do not count; malformed text is left for JSON.parse to refuse. And a string holding
 * U+0000 (`\u0000`): the database keeps it but reads a text back only up to it, so "a\u0000b" would be stored, shown
 * as "a" and never found again to be removed (docs/api.md#error-shape); or half a surrogate pair (checkUnicodeEscape).
 */
export function checkJsonText(text: string): void {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === BACKSLASH) {
        if (text.charCodeAt(i + 1) === LETTER_U) i = checkUnicodeEscape(text, i)
        else i++
      } else if (c === QUOTE) inString = false
    } else if (c === QUOTE) {
      inString = true
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > MAX_JSON_DEPTH) throw bodyRefused(`nests deeper than ${MAX_JSON_DEPTH} levels`)
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      depth--
    }
  }
}

/**
 * The `\uXXXX` escape at `i`: refused when it is U+0000, or half of a surrogate pair without its other half (which
 * UTF-8, and so the database, cannot hold: it is stored as U+FFFD, so "ab\ud800c" would be kept as another name than
 * the one sent and never found by it). Answers the index of the escape's last character (of the pair's second).
 */
function checkUnicodeEscape(text: string, i: number): number {
  const unit = hexAt(text, i + 2)
  if (unit === 0) throw bodyRefused('holds the character U+0000, which no field takes')
  if (unit >= 0xd800 && unit <= 0xdbff && text.charCodeAt(i + 6) === BACKSLASH && text.charCodeAt(i + 7) === LETTER_U) {
    const next = hexAt(text, i + 8)
    if (next >= 0xdc00 && next <= 0xdfff) return i + 11
  }
  if (unit >= 0xd800 && unit <= 0xdfff)
    throw bodyRefused(
      'holds half of a UTF-16 surrogate pair (\\ud800 to \\udfff without its other half), which is not a character',
    )
  return i + 1
}

/**
 * The four hex digits at `i` as a number, or -1 when they are not (JSON.parse then refuses the text). Read from the
 * character codes: a client that escapes all but ASCII (Python's json.dumps) sends one escape per character.
 */
function hexAt(text: string, i: number): number {
  let n = 0
  for (let k = i; k < i + 4; k++) {
    const c = text.charCodeAt(k) | 0x20 // lower case for letters; digits keep their codes
    const d = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1
    if (d < 0) return -1
    n = n * 16 + d
  }
  return n
}

const LETTER_U = 0x75
const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i

/**
 * A JSON request body, checked in this order: the content type, the size (413, read no further than the limit), not
 * empty, the nesting depth, the syntax, no key named twice in one object. Each failure is a 400 `invalid_request`
 * (or 413) that says what to send.
 */
export async function readJsonBody(
  request: Request,
  a: { contentType: string | undefined; maxBytes: number },
): Promise<unknown> {
  if (!JSON_TYPE.test(a.contentType ?? '')) {
    throw new AppError('invalid_request', 'send the body as JSON with Content-Type: application/json', {
      details: [{ field: 'body', message: 'must be sent as JSON with Content-Type: application/json' }],
    })
  }
  const text = await readBodyText(request, a.maxBytes)
  if (!text.trim()) throw bodyRefused('is empty; send a JSON object')
  checkJsonText(text)
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw bodyRefused('is not valid JSON')
  }
  checkKeysOnce(text)
  // Every body of this API is an object; a list would pass an object schema with its items as fields "0", "1", ….
  if (Array.isArray(body)) throw bodyRefused('must be an object, not a list')
  return body
}

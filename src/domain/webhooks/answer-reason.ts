import { truncate } from '../../lib/text'

// What the delivery log keeps of a refusal's own words (Slack's `invalid_blocks`, Discord's `Invalid Form Body`).
const REASON_CHARS = 200
// A part of the receiver's URL this long may be its key (Slack's, Discord's token, a Workflows `sig`): a receiver
// that repeats the URL in its answer must not put it in the log, which every member of the team and the operator read.
const SECRET_PART_CHARS = 16

/**
 * A refusal's reason as the receiver gave it (docs/webhooks.md#the-delivery-log): Slack answers a word in plain text,
 * Discord `{"message"}`, Power Automate `{"error": {"message"}}`. A page of HTML says nothing readable. One line, at
 * most REASON_CHARS, without control or format characters, and without any secret part of the receiver's URL.
 */
export function answerReason(body: Uint8Array, url: URL): string | undefined {
  const text = new TextDecoder().decode(body).trim()
  if (text.startsWith('<')) return undefined
  const said = text.startsWith('{') ? jsonMessage(text) : text
  if (!said) return undefined
  let line = said.replace(/[\p{Cc}\p{Cf}\s]+/gu, ' ').trim()
  for (const part of secretParts(url)) line = line.split(part).join('…')
  return line.length > REASON_CHARS ? `${truncate(line, REASON_CHARS)}…` : line || undefined
}

function jsonMessage(text: string): string | undefined {
  try {
    const j = JSON.parse(text)
    const pick = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined)
    const said = pick(j?.message) ?? pick(j?.error?.message) ?? pick(j?.error) ?? pick(j?.error_description)
    const field = formError(j?.errors)
    return said && field ? `${said}: ${field}` : said
  } catch {
    return text
  }
}

/**
 * Discord's "Invalid Form Body" says which field it refused in `errors`, nested by the body's keys down to `_errors`
 * (its reference, Error Messages): the first, as `embeds.0.author.url: Not a well formed URL.`.
 */
function formError(errors: unknown, path: string[] = []): string | undefined {
  if (typeof errors !== 'object' || errors === null) return undefined
  for (const [key, value] of Object.entries(errors)) {
    const message = key === '_errors' && Array.isArray(value) ? value[0]?.message : undefined
    if (typeof message === 'string') return path.length > 0 ? `${path.join('.')}: ${message}` : message
    const inner = key === '_errors' ? undefined : formError(value, [...path, key])
    if (inner) return inner
  }
  return undefined
}

/**
 * The parts of the URL a receiver may repeat that are secret, as written and as decoded: its long path segments, query
 * values and user name, and its password whatever its length, alone and in the Basic credentials a request to the URL
 * sends (docs/destinations.md#urls-are-shown-masked masks a password in every view).
 */
const secretParts = (url: URL) => {
  const long = [...url.pathname.split('/'), ...url.search.slice(1).split(/[&=]/), ...url.searchParams.values()]
  const asWritten = [...long, url.username].flatMap((part) => [part, decoded(part)])
  const password = url.password ? [url.password, decoded(url.password), ...basicCredentials(url)] : []
  return [...asWritten.filter((part) => part.length >= SECRET_PART_CHARS), ...password].sort(
    (a, b) => b.length - a.length,
  )
}

/** The Authorization value's credentials for the URL's user and password, of the names as written or as decoded. */
const basicCredentials = (url: URL) =>
  [`${url.username}:${url.password}`, `${decoded(url.username)}:${decoded(url.password)}`].map((pair) =>
    Buffer.from(pair).toString('base64'),
  )

const decoded = (part: string) => {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}

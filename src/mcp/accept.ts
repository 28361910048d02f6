/**
 * Whether a request's Accept header lets /mcp answer in JSON, read as HTTP defines it (RFC 9110 §12.5.1): a range
 * covers a type exactly, by `application/*` or by `*\/*`; the most specific range covering it decides, and its weight
 * `q=0` means "not this"; no header at all means any type. The stateless endpoint only ever answers in one JSON body
 * (docs/api.md#mcp-over-http), so JSON being acceptable is what matters: the SDK's transport looked for the two
 * literal strings `application/json` and `text/event-stream` and refused `*\/*`, which generic HTTP clients send.
 */
export function acceptsJson(accept: string | null): boolean {
  if (accept === null) return true
  let best: { specificity: number; q: number } | undefined
  for (const element of accept.split(',')) {
    const [range = '', ...params] = element.split(';').map((part) => part.trim().toLowerCase())
    const specificity = RANGES.indexOf(range) + 1
    if (specificity === 0 || (best && best.specificity >= specificity)) continue
    best = { specificity, q: weightOf(params) }
  }
  return best !== undefined && best.q > 0
}

// From least to most specific: the ranges that cover application/json.
const RANGES = ['*/*', 'application/*', 'application/json']

function weightOf(params: string[]): number {
  const q = params.find((p) => /^q\s*=/.test(p))
  if (q === undefined) return 1
  const value = Number(q.slice(q.indexOf('=') + 1).trim())
  return Number.isFinite(value) ? value : 1
}

/** What the SDK's transport checks for, given once this endpoint has read the client's own header. */
export const SDK_ACCEPT = 'application/json, text/event-stream'

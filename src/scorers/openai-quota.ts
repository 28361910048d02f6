import { askedToWait, sayingWait } from './asked-to-wait'

// A 429 or 503 from an OpenAI-compatible server, or from Ollama (its queue is full), without Retry-After
// (docs/scoring.md#fallback-and-timeouts). OpenAI's error-code guide says a 503 (an overloaded model, "Slow Down")
// asks for a growing delay between retries, and names two kinds of 429: a rate limit (code
// rate_limit_exceeded), over once its window passes, and an account with no credit left (type insufficient_quota;
// newer answers put the cause in code, such as credit_balance_exhausted), which asking again does not clear until
// someone adds credit. Asking again at once would send every call of a polling pass to the server, so the calls keep
// off it for a wait of this side's own, longer each time it refuses again, back to the first once a call is answered.

/** Seconds of the first wait and the longest, for a rate limit and for an account without credit. */
export const RATE_WAIT_SEC = { first: 2, most: 60 }
export const NO_CREDIT_WAIT_SEC = { first: 60, most: 3600 }

// OpenAI's billing codes, all with type insufficient_quota; the code alone is checked for servers that send no type.
const NO_CREDIT = new Set([
  'insufficient_quota',
  'credit_balance_exhausted',
  'organization_spend_limit_exceeded',
  'project_spend_limit_exceeded',
  'organization_usage_limit_exceeded',
])

/** Whether an error body is OpenAI's "no credit" answer. */
export function noCredit(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false
  const error = body.error
  if (typeof error !== 'object' || error === null) return false
  const said = [(error as { type?: unknown }).type, (error as { code?: unknown }).code]
  return said.some((s) => typeof s === 'string' && NO_CREDIT.has(s))
}

export const NO_CREDIT_ADVICE = 'the account has no credit: add credit or change scorer.openai.api_key'

/**
 * The waits after 429s without Retry-After: doubled at each refusal in a row, at most `most`. Calls sent together
 * (scorer.concurrency) are refused together: one sent before the last refusal counted was refused for the same reason
 * and gets the same wait, else a burst of four would start at eight minutes.
 */
export function refusalWaits() {
  let round = 0
  const refusals = { rate: 0, credit: 0 }
  const last = { rate: 0, credit: 0 }
  return {
    /** What a call notes as it is sent, and hands to `after` when refused. */
    round: () => round,
    /** The wait after a refusal of a call sent in `sentIn`. */
    after(isNoCredit: boolean, sentIn: number): number {
      const kind = isNoCredit ? 'credit' : 'rate'
      if (sentIn !== round && last[kind] > 0) return last[kind]
      const w = isNoCredit ? NO_CREDIT_WAIT_SEC : RATE_WAIT_SEC
      last[kind] = Math.min(w.most, w.first * 2 ** refusals[kind]++)
      round++
      return last[kind]
    },
    /** A call was answered: the next refusal waits the first wait again. */
    answered() {
      refusals.rate = refusals.credit = 0
      last.rate = last.credit = 0
      round++
    },
  }
}

/** A refused call's message with the wait chosen here, as sayingWait says one its server asked for. */
export function sayingOwnWait(message: string, waitSec: number): string {
  return `${message.replace(/\.$/, '')}; it sent no Retry-After: no call asks it for ${waitSec} s`
}

// The llama.cpp server's 503 while it loads its model (its README): the load ends by itself, and a call held off
// would find it over only after its wait.
const LOADING = /^loading model/i

/** Whether an OpenAI-compatible server's refusal without Retry-After is held off by a wait of this side's. */
export const waitsOwn = (status: number, detail: string) => status === 429 || (status === 503 && !LOADING.test(detail))

/**
 * How long a refused call keeps the calls off its server, and its message saying so: the Retry-After sent, else when
 * `own.when` a wait of this side's (`own.waits`, the call sent in round `own.round`), else none.
 */
export function heldOff(
  res: Response,
  message: string,
  own: { waits: ReturnType<typeof refusalWaits>; round: number; when: boolean; noCredit?: boolean },
): { message: string; waitSec?: number } {
  const asked = askedToWait(res)
  if (asked !== undefined || !own.when) return { message: sayingWait(message, asked), waitSec: asked }
  const waitSec = own.waits.after(own.noCredit === true, own.round)
  return { message: sayingOwnWait(message, waitSec), waitSec }
}

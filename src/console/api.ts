// The console's calls to its own routes (/console/api/…, docs/console.md#routes). Same origin only: the session
// cookie goes along, and a change says where it comes from (the browser adds Sec-Fetch-Site and Origin).
import { heardFromServer } from './server-clock'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: { field: string; message: string }[] = [],
  ) {
    super(message)
  }
}

let signedOut = () => {}
/**
 * What to do when a route answers that nobody is signed in: the session ended while a page was open (7 days went by,
 * Sign out in another tab, a new password). Each page would otherwise show its lists empty, as if the team had none.
 */
export const onSignedOut = (then: () => void) => {
  signedOut = then
}

/**
 * No answer at all (the server stopped or restarting, the network gone). The browser's own words for it ("Failed to
 * fetch" in Chromium, "Load failed" in Safari) were shown as the page's error and named neither side.
 */
export class Unreachable extends Error {
  constructor() {
    super('The server cannot be reached: it may be restarting, or this device is offline. Try again in a moment.')
  }
}

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/console/api${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  }).catch(() => {
    throw new Unreachable()
  })
  heardFromServer(res.headers.get('date'))
  const data = await res.json().catch(() => ({}))
  if (!res.ok) {
    const error = (data as { error?: { code?: string; message?: string; details?: ApiError['details'] } }).error
    const message = error?.message ?? unexplained(res)
    if (res.status === 401 && error?.code === 'not_signed_in') signedOut()
    throw new ApiError(res.status, error?.code ?? NOT_THE_SERVICE, message, error?.details)
  }
  return data as T
}

/** The code of an ApiError whose answer was not the service's (a proxy's page): its message is the whole story. */
export const NOT_THE_SERVICE = 'not_the_service'

// Whoever a person using the console can turn to about the server: the operator, who can see the proxy.
const OPERATOR = 'whoever runs lead-signals'

/**
 * An answer without the service's own message, a proxy's page in front of it (docs/console.md#errors): what happened
 * and what a person can do. A 429 says how long it asked to wait (Retry-After in seconds; a date or nothing is "a
 * moment"), so nobody tries again at once and is refused again.
 */
function unexplained(res: Response): string {
  const s = res.status
  if (s === 502 || s === 503)
    return `The service did not answer: a proxy in front of it answered ${s}, so the service may be down or restarting. Try again in a moment; if this goes on, ${OPERATOR} should check that it is running.`
  if (s === 504)
    return `The service did not answer in time: a proxy in front of it stopped waiting (504). Try again in a moment; if this goes on, ${OPERATOR} should check that it is running and that the proxy waits long enough for it (nginx: proxy_read_timeout).`
  if (s === 413)
    return `A proxy in front of the service refused this request as too large (413): ${OPERATOR} can raise the proxy's body limit (nginx: client_max_body_size).`
  if (s !== 429)
    return `A proxy in front of the service answered ${s} with a page of its own instead of the service. Try again; if this goes on, ${OPERATOR} can find why in the proxy's log.`
  const wait = Number(res.headers.get('retry-after') || Number.NaN)
  const when = !(wait > 0) ? 'a moment' : wait > 90 ? `${Math.ceil(wait / 60)} min` : `${Math.ceil(wait)} s`
  return `Too many requests for now: try again in ${when}.`
}

/**
 * A time in the reader's own words, to the minute, with the zone it is told in ("Dec 5, 2026, 7:06 AM GMT+1"):
 * seconds are noise on a page, and a time without its zone is read in whichever zone the reader assumes. (dateStyle
 * cannot be combined with timeZoneName, hence the fields one by one.)
 */
export const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString(undefined, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      })
    : '—'

/**
 * A change made from a page: its data is read again afterwards, and a failure becomes the page's message. Read again
 * after a refusal too: most are for a change made elsewhere (another tab, the CLI, the API removed the item), and the
 * page kept offering the action on a row that is gone (docs/console.md#errors).
 */
export const changeThen =
  (load: () => Promise<unknown>, setError: (message: string) => void) => (work: Promise<unknown>) =>
    work
      .then(
        () => {
          setError('')
          return load()
        },
        (e) => {
          setError(e.message)
          // The refusal is what the person needs to read: a reload failing after it is said after it, not instead.
          return load().catch((again) =>
            setError(again.message === e.message ? e.message : `${e.message} ${again.message}`),
          )
        },
      )
      .catch((e) => setError(e.message))

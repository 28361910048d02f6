import { type AppError, ERRORS } from '../../errors'
import { escapeHtml } from '../../lib/text'
import { callerMessage } from '../../wire/failure'
import { htmlPage } from '../html-page'

/**
 * docs/console.md#export: the console's Export buttons are plain links, so the file streams straight to the browser's
 * downloads. A refusal answered to such a link as JSON reached the downloads too, as a failed download with no reason
 * (a 429 with the team's exports all open, a 401 with the session ended). When the browser navigates to an export
 * (Sec-Fetch-Mode: navigate, else an Accept naming text/html), a refusal is a small page in the console's colours with
 * the reason in words and a link back to the page the button was on, under the same status; a script or a command
 * line asking for the route still gets the JSON error.
 */
const EXPORTS: Record<string, { page: string; back: (query: URLSearchParams) => string }> = {
  // The Signals page keeps its filters in its address, as the export's query has them.
  '/console/api/signals/export': {
    page: 'Signals',
    back: (query) => {
      query.delete('format')
      const filters = query.toString()
      return `/#/signals${filters ? `?${filters}` : ''}`
    },
  },
  '/console/api/people/export': { page: 'People', back: () => '/#/people' },
}

const HEADINGS: Partial<Record<AppError['kind'], string>> = {
  too_many_exports: 'Too many exports at once',
  not_signed_in: 'You are signed out',
  invalid_request: 'This export cannot start',
  storage_unavailable: 'Try again later',
}

const navigated = (request: Request) => {
  const mode = request.headers.get('sec-fetch-mode')
  if (mode) return mode === 'navigate'
  return (request.headers.get('accept') ?? '').includes('text/html')
}

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`

/** The page for a refused console export the browser navigated to, or undefined for any other request. */
export function exportRefusalPage(request: Request, path: string, failure: AppError): Response | undefined {
  const route = EXPORTS[path]
  if (!route || request.method !== 'GET' || !navigated(request)) return undefined
  const back = route.back(new URL(request.url).searchParams)
  const signedOut = failure.kind === 'not_signed_in'
  const reason = signedOut ? 'Your session has ended: sign in again, then export.' : sentence(callerMessage(failure))
  const heading = HEADINGS[failure.kind] ?? 'The export did not start'
  const after =
    failure.kind === 'too_many_exports'
      ? '<p class="hint">An export still downloading holds a place, in this browser, another one or over the API, ' +
        'until it ends.</p>'
      : ''
  const link = signedOut ? 'Sign in again' : `Back to ${route.page}`
  return htmlPage({
    status: ERRORS[failure.kind].status,
    title: `${heading} · lead-signals`,
    body: `<header><strong>lead-signals</strong></header>
<main><h1>${escapeHtml(heading)}</h1><p class="error">${escapeHtml(reason)}</p>${after}
<p><a class="button" href="${escapeHtml(back)}">${escapeHtml(link)}</a></p></main>`,
    style: STYLE,
  })
}

// The console's own colours and type (src/console/styles/base.css), for a page that cannot load its stylesheet's hashed
// name.
const STYLE = [
  ':root{--ink:#1d2330;--muted:#5d6678;--line:#dde1e8;--bg:#f6f7f9;--accent:#2457d6;--bad:#b42318;',
  'font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}',
  'body{margin:0}a{color:var(--accent)}',
  'header{padding:.75rem 1rem;background:#fff;border-bottom:1px solid var(--line)}',
  'main{padding:1rem;max-width:40rem;margin:0 auto;overflow-wrap:anywhere}h1{font-size:1.4rem;margin:0 0 1rem}',
  '.error{color:var(--bad)}.hint{color:var(--muted)}',
  'a.button{display:inline-block;padding:.4rem .8rem;border:1px solid var(--line);border-radius:6px;background:#fff;',
  'text-decoration:none}',
].join('')

import { escapeHtml } from '../lib/text'

// A column of plain text: what a page without a look of its own is given. A word wider than the column (an e-mail
// address of 110 characters on the unsubscribe page) breaks: it ran past a phone's width and the page scrolled
// sideways.
const PLAIN =
  'body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;overflow-wrap:anywhere}' +
  'h1{font-size:1.4rem}'

/**
 * A page of the service's own for a person's browser, where JSON would leave them guessing (an e-mail's unsubscribe
 * link, a refused console export: docs/destinations.md#unsubscribe, docs/console.md#export). `body` is HTML its caller
 * escaped. No script, no framing (its buttons cannot be clicked through another site), no referrer sent on from it
 * (its address may hold a token), never cached.
 */
export function htmlPage(a: { status: number; title: string; body: string; style?: string }) {
  return new Response(
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(a.title)}</title><style>${a.style ?? PLAIN}</style></head>
<body>${a.body}</body></html>`,
    {
      status: a.status,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy':
          "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
        'referrer-policy': 'no-referrer',
      },
    },
  )
}

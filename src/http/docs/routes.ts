import { Elysia } from 'elysia'
import { AppError } from '../../errors'
import { echoed, escapeHtml } from '../../lib/text'
import { fileAnswer, REVALIDATE } from '../static-files'
import { DOC_FILES } from './files'
import { DOC_PAGES } from './pages'

// Pages of our own text: no script at all, styles inline, no framing by another site, and no address of this server
// sent to the sites their links lead to (docs/security.md#pages).
const HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; " +
    "frame-ancestors 'none'",
  'referrer-policy': 'same-origin',
}
const STYLE =
  'body{font:16px/1.55 system-ui,sans-serif;max-width:52rem;margin:0 auto;padding:1rem;color:#1d2330}' +
  'pre{overflow-x:auto;background:#f3f4f7;padding:.75rem;border-radius:6px}code{font-size:.92em}' +
  // A long setting or address in running text (LEAD_SIGNALS_PLATFORMS_…=https://…, a source's URL) breaks rather
  // than widen a phone's page; tables keep their own sideways scroll.
  'p code,p a,li code,li a{overflow-wrap:anywhere}' +
  'table{border-collapse:collapse;display:block;overflow-x:auto}td,th{border:1px solid #d5d8de;padding:.3rem .5rem}' +
  // The console's focus outline (its styles/base.css), for a link or a table that scrolls sideways: Chromium's own ring
  // was 1 px. Outside the element, on the page's white, at 9:1 (WCAG 2.2 SC 2.4.7 and SC 1.4.11).
  ':focus-visible{outline:2px solid #1a3fa8;outline-offset:2px}'

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<title>${escapeHtml(title)} · lead-signals</title><style>${STYLE}</style></head><body>` +
  `<nav><a href="/docs">Documentation</a> · <a href="/">Console</a> · <a href="/swagger">API (Swagger UI)</a></nav>${body}</body></html>`

// A link between documents (`queries.md#preview`) becomes the served page's (`/docs/queries#preview`), one to a file
// beside them (`../config.example.toml`) the served file's; a link to what the executable does not hold (how the
// service is built and tuned, the training data) is left as its text, not a link that answers 404.
const servedLinks = (html: string) =>
  html.replace(/<a href="([^"]*)"([^>]*)>([\s\S]*?)<\/a>/g, (whole, href: string, rest: string, text: string) => {
    if (/^(?:[a-z]+:|#|\/)/.test(href)) return whole
    const doc = /^(?:\.\/|docs\/)?([a-z-]+)\.md(#.*)?$/.exec(href)
    if (doc && Object.hasOwn(DOC_PAGES, doc[1] as string))
      return `<a href="/docs/${doc[1]}${doc[2] ?? ''}"${rest}>${text}</a>`
    const file = href.replace(/^\.\.\//, '')
    if (Object.hasOwn(DOC_FILES, file)) return `<a href="/docs/${file}"${rest}>${text}</a>`
    return text
  })

const rendered = new Map<string, string>()
function docHtml(name: string): string {
  let html = rendered.get(name)
  if (!html) {
    const doc = DOC_PAGES[name]
    html = page(
      doc.title,
      servedLinks(Bun.markdown.html(doc.text, { headings: { ids: true }, tables: true, autolinks: true })),
    )
    rendered.set(name, html)
  }
  return html
}

const index = () =>
  page(
    'Documentation',
    `<h1>lead-signals documentation</h1><ul>${Object.entries(DOC_PAGES)
      .map(([name, d]) => `<li><a href="/docs/${name}">${escapeHtml(d.title)}</a></li>`)
      .join('')}</ul><h2>Files</h2><ul>${Object.keys(DOC_FILES)
      .map((path) => `<li><a href="/docs/${path}">${escapeHtml(path)}</a></li>`)
      .join('')}</ul>`,
  )

// The name asked for, as every echo shows it (controls as U+FFFD, cut), and where the documents are: the documents
// and files are held in the executable, looked up by name, so no name reaches a file of the server's.
const notThere = (name: string) => new AppError('not_found', `no document "${echoed(name)}"; /docs lists them`)

function docFile(path: string) {
  if (!Object.hasOwn(DOC_FILES, path)) throw notThere(path)
  return fileAnswer(DOC_FILES[path] as string, 'text/plain; charset=utf-8', REVALIDATE, HEADERS)
}

/** The user's documents at /docs and /docs/NAME (docs/console.md#documentation); the OAuth metadata points here. */
export const docsRoutes = () =>
  new Elysia({ name: 'docs-pages', detail: { hide: true } })
    .get('/docs', () => fileAnswer(index(), 'text/html; charset=utf-8', REVALIDATE, HEADERS))
    .get('/docs/deploy/:name', ({ params }) => docFile(`deploy/${params.name}`))
    .get('/docs/:name', ({ params }) => {
      if (Object.hasOwn(DOC_FILES, params.name)) return docFile(params.name)
      if (!Object.hasOwn(DOC_PAGES, params.name)) throw notThere(params.name)
      return fileAnswer(docHtml(params.name), 'text/html; charset=utf-8', REVALIDATE, HEADERS)
    })

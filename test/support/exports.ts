import type { NewSignal } from '../../src/storage/repos/signals'

/** Text a spreadsheet or a CSV reader could trip on: quotes, separators, line breaks, formula starts, non-ASCII. */
export const HOSTILE = [
  'He said "buy it", then left',
  'one,two,three',
  'line one\r\nline two\nline three\rend',
  '=HYPERLINK("http://evil.example","click")',
  '+1 555 0100',
  '-2+3',
  '@SUM(A1:A9)',
  '\tstarts with a tab',
  '\rstarts with a carriage return',
  'Zürich, 東京 and 🚀 emoji',
  'plain text',
]

/** Line `n` of a signals import file (docs/operations.md#importing-signals): a Reddit post found with "crm". */
export const importLine = (n: number, patch: Record<string, unknown> = {}) =>
  JSON.stringify({
    postId: `old-${n}`,
    author: `author-${n}`,
    platform: 'reddit',
    intent: 'ACTIVE',
    score: 9,
    reason: 'asks for a CRM',
    content: 'looking for a CRM for our team',
    url: `https://reddit.com/r/crm/${n}`,
    keyword: 'crm',
    publishedAt: '2026-10-01T10:00:00Z',
    ...patch,
  })

/** One signal per hostile text (in author, reason and content alike), on two platforms. */
export function hostileSignals(teamId: string): NewSignal[] {
  return HOSTILE.map((text, i) => ({
    id: `sig_h${String(i).padStart(2, '0')}`,
    teamId,
    platform: i % 2 ? 'reddit' : 'hackernews',
    // As polling keys a post: its platform's name, then its id there.
    postId: `${i % 2 ? 'reddit' : 'hackernews'}:post-${String(i).padStart(2, '0')}`,
    author: text.slice(0, 200),
    intent: 'ACTIVE',
    score: 6 + (i % 5) * 0.5,
    reason: text,
    icpMatch: i % 3 ? 'Founders' : null,
    preview: text,
    contentFull: `${text} (the whole post)`,
    url: `https://example.com/post/${i}`,
    keyword: 'crm',
    publishedAt: new Date(Date.UTC(2026, 9, 1 + i)).toISOString(),
    detectedAt: '2026-11-01T00:00:00.000Z',
  }))
}

/**
 * The hostile signals as a file `signals import` reads (JSON Lines), the post's id under `idField`: `postId` as an
 * export writes it, or `id` as files written before the export named it so.
 */
export function hostileImportFile(teamId: string, idField: 'id' | 'postId' = 'postId'): string {
  return hostileSignals(teamId)
    .map((s) =>
      JSON.stringify({
        [idField]: s.postId,
        author: s.author,
        platform: s.platform,
        intent: s.intent,
        score: s.score,
        reason: s.reason,
        icpMatch: s.icpMatch,
        content: s.preview,
        contentFull: s.contentFull,
        url: s.url,
        keyword: s.keyword,
        publishedAt: s.publishedAt,
        detectedAt: s.detectedAt,
      }),
    )
    .join('\n')
}

/** An RFC 4180 reader, strict: records end in CRLF, quoted fields double their quotes. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let i = 0
  while (i < text.length) {
    let cell = ''
    if (text[i] === '"') {
      i++
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field')
        if (text[i] === '"' && text[i + 1] === '"') {
          cell += '"'
          i += 2
        } else if (text[i] === '"') break
        else cell += text[i++]
      }
      i++
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r') {
        if (text[i] === '\n' || text[i] === '"') throw new Error(`bare ${JSON.stringify(text[i])} at ${i}`)
        cell += text[i++]
      }
    }
    record.push(cell)
    if (text[i] === ',') i++
    else if (text.startsWith('\r\n', i)) {
      records.push(record)
      record = []
      i += 2
    } else throw new Error(`expected , or CRLF at ${i}`)
  }
  if (record.length) throw new Error('last record without CRLF')
  return records
}

/**
 * Signs `email` in to the console through `send` (an app's `handle`, or `fetch` with a listening server's `base`) and
 * returns the session cookie, as the console's export links carry it.
 */
export async function consoleCookie(
  send: (request: Request) => Response | Promise<Response>,
  a: { email: string; password: string; base?: string },
): Promise<string> {
  const signIn = await send(
    new Request(`${a.base ?? 'http://localhost'}/console/api/session`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body: JSON.stringify({ email: a.email, password: a.password }),
    }),
  )
  return (signIn.headers.get('set-cookie') ?? '').split(';')[0]
}

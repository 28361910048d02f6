// docs/platforms.md#content: `content` is plain text. Several platforms send HTML (Hacker News, Stack Exchange,
// Mastodon, DEV, feeds) or Markdown that may hold HTML (GitHub); this turns either into text a person can read.
// It is a tolerant reader, not a parser: only what looks like a tag is removed ("a < b" stays), script and style
// bodies and comments go with their tags, and entities are decoded once, after the tags are found, so that
// "&lt;b&gt;" reads "<b>" and "&amp;lt;" reads "&lt;".

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  times: '×',
  deg: '°',
  shy: '',
  zwj: '\u200d',
  zwnj: '\u200c',
}

/** HTML character references (`&amp;`, `&#39;`, `&#x27;`, common names) as the characters they stand for. */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s
  return s.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,8});/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref] ?? NAMED[ref.toLowerCase()] ?? whole
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10)
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole
  })
}

// Elements whose edges are line breaks: paragraphs and blocks a blank line, list items and rows one.
const PARAGRAPH = /^(p|div|blockquote|pre|h[1-6]|ul|ol|dl|table|section|article|header|footer|figure|hr)$/
const LINE = /^(br|li|dt|dd|tr)$/
// A tag's inside stops at the next "<" outside quotes: "<a<a<a…" that never closes is then read once, not from each
// "<a" to the end (a 65,536-character GitHub body held the server's thread for 18 s).
const TAG =
  /<!--[\s\S]*?(?:-->|$)|<(script|style)\b[^<>]*>[\s\S]*?(?:<\/\1\s*>|$)|<\/?([a-z][a-z0-9-]*)\b(?:[^<>"']|"[^"]*"|'[^']*')*>/gi

/**
 * HTML as plain text: tags removed, paragraphs and blocks separated by a blank line, list items, rows and `<br>` on
 * lines of their own, whitespace collapsed as a browser would (kept inside `<pre>`), entities decoded.
 */
export function htmlToText(html: string): string {
  // The text so far, in pieces, none empty: a tag's line break looks at the last pieces only. Looking at all the text
  // with a pattern at every tag read it again each time (30,000 characters of <p> took over a second).
  const parts: string[] = []
  let pre = 0
  let last = 0
  const add = (piece: string) => {
    if (piece !== '') parts.push(piece)
  }
  // Text between two tags: its entities decoded there (so a decoded "<" never reads as a tag, and &nbsp; collapses
  // like any space), then its whitespace collapsed unless inside <pre>.
  const text = (chunk: string) => {
    const plain = decodeEntities(chunk)
    if (pre > 0) add(plain)
    else {
      const collapsed = COLLAPSIBLE.test(plain) ? plain.replace(/\s+/g, ' ') : plain
      const lineStart = parts.length === 0 || (parts.at(-1) as string).endsWith('\n')
      add(lineStart ? collapsed.trimStart() : collapsed)
    }
  }
  // The spaces the text so far ends with go (they may span pieces), then the break.
  const lineBreak = (n: string) => {
    while (parts.length > 0) {
      const kept = withoutEndSpaces(parts.pop() as string)
      if (kept !== '') {
        parts.push(kept)
        break
      }
    }
    parts.push(n)
  }
  for (const m of html.matchAll(TAG)) {
    text(html.slice(last, m.index))
    last = m.index + m[0].length
    const name = (m[2] ?? '').toLowerCase()
    const closing = m[0][1] === '/'
    if (name === 'pre') pre = Math.max(0, pre + (closing ? -1 : 1))
    if (PARAGRAPH.test(name)) lineBreak('\n\n')
    else if (LINE.test(name) && !(closing && name === 'li')) lineBreak('\n')
  }
  text(html.slice(last))
  return tidy(parts.join(''))
}

/** `s` without the spaces it ends with, counted back from its end (a pattern would try from each space of a run). */
function withoutEndSpaces(s: string): string {
  let end = s.length
  while (end > 0 && s.charCodeAt(end - 1) === 32) end--
  return s.slice(0, end)
}

/**
 * Text that is mostly plain (Markdown, a post's own line breaks) but may hold HTML: comments and tags removed,
 * `<br>` and block edges as line breaks, entities decoded; the text's own lines and indentation are kept.
 */
export function stripHtml(text: string): string {
  const out = text.replace(TAG, (_tag: string, _raw: string, name: string | undefined) => {
    const n = (name ?? '').toLowerCase()
    if (LINE.test(n)) return '\n'
    return PARAGRAPH.test(n) ? '\n\n' : ''
  })
  return tidy(decodeEntities(out))
}

/**
 * No spaces at line ends, at most one blank line in a row, no blank lines at the start or the end. Each pass runs
 * only on text that needs it: most posts need none but the last.
 */
function tidy(s: string): string {
  let t = s
  if (t.includes('\r')) t = t.replace(/\r\n?/g, '\n')
  if (SPACE_BEFORE_LINE_END.test(t)) t = t.replace(SPACES_AT_LINE_END, '\n')
  if (t.includes('\n\n\n')) t = t.replace(/\n{3,}/g, '\n\n')
  let start = 0
  while (t.charCodeAt(start) === 10) start++
  return t.slice(start).trimEnd()
}
const SPACE_BEFORE_LINE_END = /[ \t]\n/
// From the first space of a run only: tried from each space of one not at a line's end, the run was read again from
// there, and 65,000 spaces in a GitHub body took 7 s.
const SPACES_AT_LINE_END = /(?<![ \t])[ \t]+\n/g
// Whitespace that collapsing changes: a run of two, or any whitespace but a plain space.
const COLLAPSIBLE = /\s\s|[^\S ]/

import { createHash } from 'node:crypto'
import type { Logger } from '../../lib/log'
import type { Mention } from '../../mention'

// docs/operations.md#importing-signals: the longest post id and post address an import takes. A mention is kept
// within them, so that every signal stored exports into a file that imports again (one line refused stops a move).
export const POST_ID_CHARS = 500
export const POST_URL_CHARS = 2000

/** Whether a platform-given address is a web page: http or https, nothing else (`javascript:`, `data:`, …). */
export const isWebUrl = (text: string) => webHref(text) !== undefined

/** A web address as a URL parser writes it (`"`, `<`, `>` and spaces percent-encoded), or undefined for any other. */
export function webHref(text: string): string | undefined {
  const url = URL.parse(text)
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url.href : undefined
}

/**
 * docs/security.md#platform-text: what is kept of a platform's mentions. A post's addresses are its author's text,
 * linked as "Open post" in the console and sent as buttons to Slack, Discord and Teams, so only web addresses are
 * kept, as an import keeps them: a post whose own address is not one, or is over POST_URL_CHARS, is skipped (and
 * logged); an author profile that is not one, or is over POST_URL_CHARS, is left out (''). Both addresses are written
 * as a URL parser writes them, so that each is one well-formed URL wherever it is sent. A post id over POST_ID_CHARS
 * becomes a digest of it. And U+0000, which the database keeps but reads back cut at it (a post stored without its end,
 * an author shown as part of a name), becomes U+FFFD, as does half of a surrogate pair (not in the text as sent,
 * mention.ts AS_SENT, which only the raw search answers, JSON-escaped). Each address is parsed once: this runs on every
 * search result.
 */
export function platformMentions(platform: string, log: Logger, mentions: Mention[]): Mention[] {
  const kept: Mention[] = []
  for (const raw of mentions) {
    const m = unstorable(raw) ? storable(raw) : raw
    const url = webHref(m.url)
    if (url === undefined || url.length > POST_URL_CHARS) {
      const reason = url === undefined ? 'the post address is not an http(s) URL' : 'the post address is too long'
      log.warn('platform_item_skipped', { platform, reason })
      continue
    }
    const href = m.profileUrl === '' ? '' : (webHref(m.profileUrl) ?? '')
    // Stored with the person and sent in each person.updated event: one longer than a post's address is left out.
    const profileUrl = href.length > POST_URL_CHARS ? '' : href
    const id = m.id.length > POST_ID_CHARS ? longIdDigest(m) : m.id
    kept.push(url === m.url && profileUrl === m.profileUrl && id === m.id ? m : { ...m, id, url, profileUrl })
  }
  return kept
}

/**
 * A post id too long to import (a feed's guid may be anything) as a digest of it: the same post always gets the same
 * id, so it is still seen once per team (docs/operations.md#exactly-once).
 */
const longIdDigest = (m: Mention) =>
  `${m.platform}:sha256:${createHash('sha256').update(m.id).digest('hex').slice(0, 32)}`

const NUL = '\u0000'
// Half of a UTF-16 surrogate pair too (a post cut inside an emoji): UTF-8, and so the database, stores it as U+FFFD,
// and a strict JSON reader (a chat service's) refuses the "\ud83d" that JSON.stringify writes for it.
const unstorable = (m: Mention) =>
  [m.content, m.author, m.url, m.profileUrl, m.title ?? ''].some((text) => text.includes(NUL) || !text.isWellFormed())
const replaced = (text: string) => text.replaceAll(NUL, '\uFFFD').toWellFormed()
const storable = (m: Mention): Mention => ({
  ...m,
  content: replaced(m.content),
  author: replaced(m.author),
  url: replaced(m.url),
  profileUrl: replaced(m.profileUrl),
  ...(m.title === undefined ? {} : { title: replaced(m.title) }),
})

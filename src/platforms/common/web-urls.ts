import type { Logger } from '../../lib/log'
import type { Mention } from '../../mention'

/** Whether a platform-given address is a web page: http or https, nothing else (`javascript:`, `data:`, …). */
export const isWebUrl = (text: string) => webHref(text) !== undefined

/** A web address as a URL parser writes it (`"`, `<`, `>` and spaces percent-encoded), or undefined for any other. */
function webHref(text: string): string | undefined {
  const url = URL.parse(text)
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url.href : undefined
}

/**
 * docs/security.md#platform-text: what is kept of a platform's mentions. A post's addresses are its author's text,
 * linked as "Open post" in the console and sent as buttons to Slack, Discord and Teams, so only web addresses are
 * kept, as an import keeps them: a post whose own address is not one is skipped (and logged); an author profile that
 * is not one is left out (''). Both are written as a URL parser writes them, so that each is one well-formed URL
 * wherever it is sent. And U+0000, which the database keeps but reads back cut at it (a post stored without its end,
 * an author shown as part of a name), becomes U+FFFD. Each address is parsed once: this runs on every search result.
 */
export function platformMentions(platform: string, log: Logger, mentions: Mention[]): Mention[] {
  const kept: Mention[] = []
  for (const raw of mentions) {
    const m = hasNul(raw) ? withoutNul(raw) : raw
    const url = webHref(m.url)
    if (url === undefined) {
      log.warn('platform_item_skipped', { platform, reason: 'the post address is not an http(s) URL' })
      continue
    }
    const profileUrl = m.profileUrl === '' ? '' : (webHref(m.profileUrl) ?? '')
    kept.push(url === m.url && profileUrl === m.profileUrl ? m : { ...m, url, profileUrl })
  }
  return kept
}

const NUL = '\u0000'
const hasNul = (m: Mention) =>
  [m.content, m.author, m.url, m.profileUrl, m.title ?? ''].some((text) => text.includes(NUL))
const replaced = (text: string) => text.replaceAll(NUL, '\uFFFD')
const withoutNul = (m: Mention): Mention => ({
  ...m,
  content: replaced(m.content),
  author: replaced(m.author),
  url: replaced(m.url),
  profileUrl: replaced(m.profileUrl),
  ...(m.title === undefined ? {} : { title: replaced(m.title) }),
})

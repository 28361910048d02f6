import type { Logger } from '../../lib/log'
import type { Mention } from '../../mention'

/** Whether a platform-given address is a web page: http or https, nothing else (`javascript:`, `data:`, …). */
export function isWebUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}

/**
 * docs/security.md#platform-text: what is kept of a platform's mentions. A post's addresses are its author's text,
 * linked as "Open post" in the console and sent as buttons to Slack, Discord and Teams, so only web addresses are
 * kept, as an import keeps them: a post whose own address is not one is skipped (and logged); an author profile that
 * is not one is left out (''); both are written as a URL parser writes them. And U+0000, which the database keeps
 * but reads back cut at it (a post stored without its end, an author shown as part of a name), becomes U+FFFD.
 */
export function platformMentions(platform: string, log: Logger, mentions: Mention[]): Mention[] {
  const kept: Mention[] = []
  for (const m of mentions) {
    if (!isWebUrl(m.url)) {
      log.warn('platform_item_skipped', { platform, reason: 'the post address is not an http(s) URL' })
      continue
    }
    const clean = normalUrls(hasNul(m) ? withoutNul(m) : m)
    kept.push(clean.profileUrl === '' || isWebUrl(clean.profileUrl) ? clean : { ...clean, profileUrl: '' })
  }
  return kept
}

/**
 * The addresses as a URL parser writes them: `"`, `<`, `>` and spaces percent-encoded, so that a post's address is
 * one well-formed URL wherever it is sent (Slack's buttons, Discord's embeds, Teams' actions refuse others).
 */
function normalUrls(m: Mention): Mention {
  const url = new URL(m.url).href
  const profileUrl = isWebUrl(m.profileUrl) ? new URL(m.profileUrl).href : m.profileUrl
  return url === m.url && profileUrl === m.profileUrl ? m : { ...m, url, profileUrl }
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

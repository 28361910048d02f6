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
 * docs/security.md#platform-text: a post's addresses are its author's text, linked as "Open post" in the console and
 * sent as buttons to Slack, Discord and Teams, so only web addresses are kept, as an import keeps them. A post whose
 * own address is not one is skipped (and logged); an author profile that is not one is left out ('').
 */
export function withWebUrls(platform: string, log: Logger, mentions: Mention[]): Mention[] {
  const kept: Mention[] = []
  for (const m of mentions) {
    if (!isWebUrl(m.url)) {
      log.warn('platform_item_skipped', { platform, reason: 'the post address is not an http(s) URL' })
      continue
    }
    kept.push(m.profileUrl === '' || isWebUrl(m.profileUrl) ? m : { ...m, profileUrl: '' })
  }
  return kept
}

import { truncate } from '../../lib/text'
import { POST_URL_CHARS, webHref } from '../../platforms/common/web-urls'

/**
 * A post's address as a link (docs/destinations.md#links): a web address as a URL parser writes it, within the 2,000
 * characters a lead keeps today. A signal stored before those rules may hold a `javascript:` address, which is no link,
 * or one of 3,500 characters: Slack refuses a whole message whose button URL is over 3,000, so that is no link either,
 * and the message shows its start as text (postAddress) rather than lose every lead in it.
 */
export function postLink(url: string) {
  const href = webHref(url)
  return href !== undefined && href.length <= POST_URL_CHARS ? href : undefined
}

/**
 * A web address that is no link (too long) as a line of text, `Post: ` and its first `most` characters, to tell where
 * the post was; undefined for a link, and for an address that is not a web page's (never shown, as never linked).
 */
export function postAddress(url: string, most = 100) {
  const href = webHref(url)
  if (href === undefined || postLink(url)) return undefined
  return `Post: ${href.length > most ? `${truncate(href, most)}…` : href}`
}

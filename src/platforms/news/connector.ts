import * as v from 'valibot'
import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { FeedDate, fetchFeed, HttpUrl, newestFirst, Text, TextWithAttributes } from '../feeds/feed'
import { htmlToText } from '../common/html-text'
import { authorOr, readItems } from '../common/mapping'
import { escalatingRateLimit, type FailedAnswer } from '../common/rate-limit'
import type { Mention } from '../../mention'
import type { PlatformConnector } from '../types'
import { newsQuery } from '../../query/platform-queries'

// Google News' RSS search (undocumented by Google, stable for years): GET /rss/search?q=…&hl=en-US&gl=US&ceid=US:en,
// where hl, gl and ceid pick one edition and must agree. One answer holds up to about 100 articles and there is no
// paging. Each item: title ("Headline - Publisher"), link (a news.google.com redirect to the article),
// guid (isPermaLink="false"), pubDate (RFC 822), description (entity-encoded HTML: a link to the article and the
// publisher's name, sometimes a list of related coverage) and <source url="publisher site">Publisher</source>.
// Results come by relevance, so the connector orders them newest first.
const Item = v.object({
  title: Text,
  link: HttpUrl,
  guid: v.optional(Text),
  pubDate: FeedDate,
  description: v.optional(Text),
  source: v.optional(TextWithAttributes),
})
type Item = v.InferOutput<typeof Item>

export function createNewsConnector(config: Config['platforms']['news'], log: Logger): PlatformConnector {
  // Whether the last search's articles kept Google's redirect for want of the article's own address.
  let redirectsOnly = false
  // Google names no wait for a throttled address: each refusal in a row waits longer (docs/platforms.md#rate-limits).
  const throttle = escalatingRateLimit(undefined, sorryPage)
  return {
    platform: 'news',
    async search(keyword, limit, signal) {
      const url = new URL('/rss/search', config.base_url)
      url.search = new URLSearchParams({ q: newsQuery(keyword), hl: 'en-US', gl: 'US', ceid: 'US:en' }).toString()
      const items = await fetchFeed({
        platform: 'news',
        url,
        timeoutMs: config.timeout_ms,
        signal,
        log,
        rateLimit: throttle.rule,
      })
      throttle.served()
      const mentions = newestFirst(readItems({ platform: 'news', log, items, item: Item, map: toMention }))
      redirectsOnly = mentions.some((m) => isGoogleNews(m.url))
      return mentions.slice(0, limit)
    },
    warning: () =>
      redirectsOnly
        ? "Google News gave only its own redirect links for some articles: their url is a news.google.com address that leads to the article, and profileUrl the publisher's site (docs/platforms.md#medium-substack-and-news)"
        : undefined,
  }
}

/**
 * Google's "unusual traffic" page, where a throttled address is sent: its refusal is the throttle whatever its status
 * (429, or 503 as it is also met), not an outage of the feed (docs/platforms.md#medium-substack-and-news).
 */
const sorryPage = (answer: FailedAnswer) =>
  answer.url && URL.canParse(answer.url) && new URL(answer.url).pathname.startsWith('/sorry/')
    ? "Google's unusual-traffic page at /sorry/"
    : undefined

const isGoogleNews = (address: string) => /^https?:\/\/news\.google\.com\//i.test(address)

/**
 * The article's own address when the feed gives it: the link itself when it is not Google's redirect, a `url`
 * parameter of the redirect (older feeds), or the first link of the description that leads elsewhere. Otherwise the
 * redirect, which is all the feed holds (decoding it takes a call to Google per article).
 */
export function articleUrl(item: Pick<Item, 'link' | 'description'>): string {
  if (!isGoogleNews(item.link)) return item.link
  const param = new URL(item.link).searchParams.get('url')
  if (param && /^https?:\/\//i.test(param) && !isGoogleNews(param)) return param
  for (const m of (item.description ?? '').matchAll(/<a\s[^>]*href="(https?:\/\/[^"]+)"/gi)) {
    const href = m[1].replaceAll('&amp;', '&')
    if (!isGoogleNews(href) && URL.canParse(href)) return href
  }
  return item.link
}

function toMention(item: Item): Mention {
  const publisherSite = item.source?.attrs.url
  const site = publisherSite && /^https?:\/\//i.test(publisherSite) ? publisherSite : undefined
  return {
    // The guid is Google's article id (the same token as in the link); the link stands in if a feed lacks it.
    id: `news:${item.guid || item.link}`,
    // The publisher is the author a news article has here: its name, else its site's host.
    ...authorOr(item.source?.text || (site ? new URL(site).hostname : undefined)),
    // The headline, then the description (HTML once the feed's entities are decoded) as text.
    content: item.description ? `${item.title}\n\n${htmlToText(item.description)}` : item.title,
    url: articleUrl(item),
    // The publisher's site only as <source url> names it: the link's host is Google's for a redirect, and an article's
    // own host may be a syndicating site's (docs/platforms.md#medium-substack-and-news).
    profileUrl: site ?? '',
    date: item.pubDate,
    platform: 'news',
    title: item.title,
    // A news feed has no engagement counts.
    engagement: { likes: 0, comments: 0, shares: 0 },
  }
}

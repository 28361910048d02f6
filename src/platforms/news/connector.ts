import * as v from 'valibot'
import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { FeedDate, fetchFeed, HttpUrl, newestFirst, Text, TextWithAttributes } from '../feeds/feed'
import { htmlToText } from '../common/html-text'
import { readItems } from '../common/mapping'
import type { Mention } from '../../mention'
import type { PlatformConnector } from '../types'
import { newsQuery } from '../../query/platform-queries'

// Google News' RSS search (undocumented by Google, stable for years): GET /rss/search?q=…&hl=en-US&gl=US&ceid=US:en,
// where hl, gl and ceid pick one edition and must agree. One answer holds up to about 100 articles and there is no
// paging. Each item: title ("Headline - Publisher"), link (a news.google.com redirect to the article, kept as is),
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
  return {
    platform: 'news',
    async search(keyword, limit, signal) {
      const url = new URL('/rss/search', config.base_url)
      url.search = new URLSearchParams({ q: newsQuery(keyword), hl: 'en-US', gl: 'US', ceid: 'US:en' }).toString()
      const items = await fetchFeed({ platform: 'news', url, timeoutMs: config.timeout_ms, signal, log })
      return newestFirst(readItems({ platform: 'news', log, items, item: Item, map: toMention })).slice(0, limit)
    },
  }
}

function toMention(item: Item): Mention {
  const publisherSite = item.source?.attrs.url
  const site = publisherSite && /^https?:\/\//i.test(publisherSite) ? publisherSite : undefined
  return {
    // The guid is Google's article id (the same token as in the link); the link stands in if a feed lacks it.
    id: `news:${item.guid || item.link}`,
    // The publisher is the author a news article has here: its name, else its site's host.
    author: item.source?.text || (site ? new URL(site).hostname : 'unknown'),
    // The headline, then the description (HTML once the feed's entities are decoded) as text.
    content: item.description ? `${item.title}\n\n${htmlToText(item.description)}` : item.title,
    url: item.link,
    profileUrl: site ?? new URL(item.link).origin,
    date: item.pubDate,
    platform: 'news',
    title: item.title,
    // A news feed has no engagement counts.
    engagement: { likes: 0, comments: 0, shares: 0 },
  }
}

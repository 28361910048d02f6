import { XMLParser } from 'fast-xml-parser'
import * as v from 'valibot'
import { AppError } from '../../errors'
import type { Logger } from '../../lib/log'
import { fetchPlatformText } from '../http'
import type { RateLimitRule } from '../common/rate-limit'
import { isoDate } from '../common/mapping'

// One parser setup for every RSS 2.0 / Atom feed the connectors read:
// - parseTagValue off: a title such as "2026" stays a string, never a number.
// - attributes kept (`@_url` on Google News' <source>, `@_isPermaLink` on <guid>); an element with attributes
//   parses to { '#text', '@_…' }, which `Text` below reads.
// - CDATA merges into the element's text (no cdataPropName), so content:encoded is the HTML as sent.
// - htmlEntities: XML's five entities are always decoded; this adds numeric references (&#8217;) and HTML names
//   (&nbsp;), which feeds use freely. Decoding happens once: "&amp;lt;" stays "&lt;". (5.x marks the option
//   deprecated in favour of entityDecoder, which needs the parser's own entity package; it still works.)
// - isArray for item/entry: a feed with one item still gives a list.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  htmlEntities: true,
  isArray: (name) => name === 'item' || name === 'entry',
})

const Envelope = v.union([
  v.object({ rss: v.object({ channel: v.object({ item: v.optional(v.array(v.unknown()), []) }) }) }),
  v.object({ feed: v.object({ entry: v.optional(v.array(v.unknown()), []) }) }),
])

/** The items (RSS) or entries (Atom) of a feed; anything else is 502 upstream_error naming the platform. */
export function parseFeed(platform: string, xml: string): unknown[] {
  let doc: unknown
  try {
    doc = parser.parse(xml)
  } catch {
    throw new AppError('upstream_error', `${platform} sent a body that is not XML`)
  }
  const parsed = v.safeParse(Envelope, doc)
  if (!parsed.success)
    throw new AppError('upstream_error', `${platform} sent something that is not an RSS or Atom feed`)
  return 'rss' in parsed.output ? parsed.output.rss.channel.item : parsed.output.feed.entry
}

/** GET a feed within the platform's timeout and return its items. */
export async function fetchFeed(a: {
  platform: string
  url: URL
  timeoutMs: number
  log: Logger
  signal?: AbortSignal
  /** How a refusal is read as a rate limit; headerRateLimit unless given. */
  rateLimit?: RateLimitRule
}) {
  const { text } = await fetchPlatformText({
    ...a,
    headers: { accept: 'application/rss+xml, application/atom+xml;q=0.9, application/xml;q=0.8, text/xml;q=0.7' },
  })
  return parseFeed(a.platform, text)
}

/** An element's text, whether it came as a plain string or, with attributes, as { '#text': … }. */
export const Text = v.pipe(
  v.union([
    v.string(),
    v.pipe(
      v.object({ '#text': v.string() }),
      v.transform((n) => n['#text']),
    ),
  ]),
  v.transform((s) => s.trim()),
)
/** An element carrying text and attributes, e.g. <source url="…">Name</source>. */
export const TextWithAttributes = v.pipe(
  v.union([v.string(), v.record(v.string(), v.string())]),
  v.transform((n) =>
    typeof n === 'string'
      ? { text: n.trim(), attrs: {} as Record<string, string> }
      : {
          text: (n['#text'] ?? '').trim(),
          attrs: Object.fromEntries(
            Object.entries(n)
              .filter(([k]) => k.startsWith('@_'))
              .map(([k, val]) => [k.slice(2), val]),
          ),
        },
  ),
)
/** A date a feed gives as RFC 822 (RSS pubDate) or ISO 8601 (Atom), as UTC ISO 8601. */
export const FeedDate = v.pipe(
  Text,
  v.check((s) => isoDate(s) !== undefined, 'an unreadable date'),
  v.transform((s) => isoDate(s)!),
)
/** An absolute http(s) URL. */
export const HttpUrl = v.pipe(Text, v.url(), v.regex(/^https?:\/\//i))

/** Newest first; the order of equal dates is kept. */
export const newestFirst = <T extends { date: string }>(items: T[]) =>
  [...items].sort((a, b) => b.date.localeCompare(a.date))

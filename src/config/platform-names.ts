// docs/api.md#platform-names: the platform some older documents call "the service" is reddit everywhere.
/**
 * The one list of search platforms, each with the default plans that include it (docs/api.md#plans): `every` plan
 * with API access, or only `scale` (config/schema.ts DEFAULT_PLANS).
 */
const SEARCH_PLATFORM_PLANS = {
  twitter: 'every',
  reddit: 'every',
  linkedin: 'every',
  youtube: 'every',
  hackernews: 'every',
  bluesky: 'every',
  stackoverflow: 'every',
  medium: 'scale',
  substack: 'scale',
  github: 'every',
  devto: 'every',
  mastodon: 'every',
  quora: 'scale',
  pinterest: 'scale',
  facebook: 'scale',
  instagram: 'scale',
  tiktok: 'scale',
  producthunt: 'scale',
  g2: 'scale',
} as const satisfies Record<string, 'every' | 'scale'>
export type SearchPlatform = keyof typeof SEARCH_PLATFORM_PLANS
export const SEARCH_PLATFORMS = Object.keys(SEARCH_PLATFORM_PLANS) as SearchPlatform[]
/** The platforms of the smaller default plans (growth, ultimate). */
export const CORE_PLATFORMS = SEARCH_PLATFORMS.filter((p) => SEARCH_PLATFORM_PLANS[p] === 'every')

export const SCORED_VARIANT_PLATFORMS = ['twitter', 'reddit', 'linkedin', 'youtube', 'hackernews', 'quora'] as const

export const EARLIER_NETWORKS = [
  'twitter',
  'indiehacker',
  'medium',
  'pinterest',
  'internet',
  'news',
  'youtube',
  'reddit',
] as const

/** Platforms that only exist as networks of the earlier route; they still get a `[platforms.NAME]` table. */
export const EARLIER_ONLY_SOURCES = ['indiehacker', 'internet', 'news'] as const

/** Every source a connector can search: the search platforms and the earlier route's own networks. */
export const SOURCES = [...SEARCH_PLATFORMS, ...EARLIER_ONLY_SOURCES] as const
export type Source = (typeof SOURCES)[number]

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

/**
 * Each source as people name it, wherever a person reads it (the console, docs/console.md; chat messages and
 * e-mails, docs/destinations.md#bodies): "Hacker News" for hackernews. The ids stay where programs read them: the
 * API, filters, addresses, a webhook's JSON. The console keeps a copy (it imports nothing of the server:
 * docs/architecture.md#layers), which test/console/signal-facts.test.ts holds to this one.
 */
export const PLATFORM_NAMES: Record<Source, string> = {
  hackernews: 'Hacker News',
  stackoverflow: 'Stack Overflow',
  github: 'GitHub',
  devto: 'dev.to',
  bluesky: 'Bluesky',
  mastodon: 'Mastodon',
  medium: 'Medium',
  substack: 'Substack',
  reddit: 'Reddit',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  producthunt: 'Product Hunt',
  quora: 'Quora',
  pinterest: 'Pinterest',
  facebook: 'Facebook',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  g2: 'G2',
  indiehacker: 'Indie Hackers',
  internet: 'Web search',
  news: 'News',
}

/**
 * A platform as a person names it; an id that is no source's (a stored signal of a platform since removed) as itself.
 */
export const platformName = (platform: string): string =>
  Object.hasOwn(PLATFORM_NAMES, platform) ? PLATFORM_NAMES[platform as Source] : platform

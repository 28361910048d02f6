// docs/api.md#platform-names: the platform some older documents call "the service" is reddit everywhere.
export const SEARCH_PLATFORMS = [
  'twitter',
  'reddit',
  'linkedin',
  'youtube',
  'hackernews',
  'bluesky',
  'stackoverflow',
  'medium',
  'substack',
  'github',
  'devto',
  'mastodon',
  'quora',
  'pinterest',
  'facebook',
  'instagram',
  'tiktok',
  'producthunt',
  'g2',
] as const
export type SearchPlatform = (typeof SEARCH_PLATFORMS)[number]

export const SCORED_VARIANT_PLATFORMS = ['twitter', 'reddit', 'linkedin', 'youtube', 'hackernews', 'quora'] as const

export const LEGACY_NETWORKS = [
  'twitter',
  'indiehacker',
  'medium',
  'pinterest',
  'internet',
  'news',
  'youtube',
  'reddit',
] as const

/** Platforms that only exist as legacy networks; they still get a `[platforms.NAME]` table. */
export const LEGACY_ONLY_SOURCES = ['indiehacker', 'internet', 'news'] as const

/** Every source a connector can search: the search platforms and the earlier route's own networks. */
export const SOURCES = [...SEARCH_PLATFORMS, ...LEGACY_ONLY_SOURCES] as const
export type Source = (typeof SOURCES)[number]

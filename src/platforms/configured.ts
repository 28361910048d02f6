import type { Source } from '../config/platform-names'
import type { Config } from '../config/schema'

/**
 * docs/platforms.md#overview: the settings a source needs before its connector can run. Reddit needs OAuth since 2025
 * and a User-Agent built from app_id and username (the configuration refuses a partial set). The others are keyless,
 * or take optional credentials: hackernews, medium, substack, news, stackoverflow, github, devto.
 */
export function requiredSettings(source: Source): string[] {
  switch (source) {
    case 'twitter':
      return ['bearer_token']
    case 'reddit':
      return ['client_id', 'client_secret', 'app_id', 'username']
    case 'youtube':
      return ['api_key']
    case 'bluesky':
      return ['identifier', 'app_password']
    case 'mastodon':
      return ['access_token']
    case 'producthunt':
      return ['token']
    case 'internet':
    case 'indiehacker':
      return ['base_url']
    case 'linkedin':
    case 'facebook':
    case 'instagram':
    case 'tiktok':
    case 'quora':
    case 'pinterest':
    case 'g2':
      return ['actor', 'token']
    default:
      return []
  }
}

/** docs/operations.md#platforms: when a source has what its connector needs; the others answer 503 platform_not_configured. */
export function isConfigured(config: Config, source: Source): boolean {
  const table: Record<string, unknown> = config.platforms[source]
  return requiredSettings(source).every((key) => typeof table[key] === 'string' && table[key].trim() !== '')
}

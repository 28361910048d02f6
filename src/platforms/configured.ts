import type { Source } from '../config/platform-names'
import type { Config } from '../config/schema'

const set = (s: string | undefined) => s !== undefined && s.trim() !== ''

/** docs/operations.md#platforms: when a source has what its connector needs; the others answer 503 platform_not_configured. */
export function isConfigured(config: Config, source: Source): boolean {
  const p = config.platforms
  switch (source) {
    case 'twitter':
      return set(p.twitter.bearer_token)
    // Reddit refuses unauthenticated search since 2025; the configuration requires app_id and username with these.
    case 'reddit':
      return set(p.reddit.client_id) && set(p.reddit.client_secret)
    case 'youtube':
      return set(p.youtube.api_key)
    case 'bluesky':
      return set(p.bluesky.identifier) && set(p.bluesky.app_password)
    case 'mastodon':
      return set(p.mastodon.access_token)
    case 'producthunt':
      return set(p.producthunt.token)
    case 'internet':
    case 'indiehacker':
      return set(p[source].base_url)
    case 'linkedin':
    case 'facebook':
    case 'instagram':
    case 'tiktok':
    case 'quora':
    case 'pinterest':
    case 'g2':
      return set(p[source].actor) && set(p[source].token)
    // Keyless, or with optional credentials: hackernews, medium, substack, news, stackoverflow, github, devto.
    default:
      return true
  }
}

/** The settings a source needs before it is configured, for telling the operator (`platforms check`). */
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

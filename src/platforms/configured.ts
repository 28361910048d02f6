import type { Source } from '../config/platform-names'
import { redditReady } from '../config/reddit-schema'
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
      return ['base_url', 'access_token']
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

/** A platform that searches as installed, with no key: the way to a first lead without signing up anywhere. */
export const isKeyless = (source: Source) => source !== 'reddit' && requiredSettings(source).length === 0

/**
 * The settings to add to a source that is not configured. For Reddit the path open to every install: a new one cannot
 * get Reddit's own keys without its approval (docs/platforms.md#reddit). One list for the API, the console, `poll`
 * and `platforms check`, so they give the same advice.
 */
const settingsToSet = (source: Source) =>
  source === 'reddit' ? ['provider', 'actor', 'token'] : requiredSettings(source)

/** docs/operations.md#configuration-file: `LEAD_SIGNALS_<SECTION>_<KEY>`. */
const envOf = (source: Source, name: string) => `LEAD_SIGNALS_PLATFORMS_${source.toUpperCase()}_${name.toUpperCase()}`

/** The settings still missing for a source, each as its configuration key and its environment variable. */
export function missingSettings(config: Config, source: Source): { key: string; env: string }[] {
  if (isConfigured(config, source)) return []
  return settingsToSet(source).map((name) => ({ key: `platforms.${source}.${name}`, env: envOf(source, name) }))
}

/**
 * docs/operations.md#platforms: when a source has what its connector needs; the others answer 503
 * platform_not_configured.
 */
export function isConfigured(config: Config, source: Source): boolean {
  if (source === 'reddit') return redditReady(config.platforms.reddit)
  const table: Record<string, unknown> = config.platforms[source]
  return requiredSettings(source).every((key) => typeof table[key] === 'string' && table[key].trim() !== '')
}

/** Reddit's Responsible Builder Policy: the rules, and the links to request API access (docs/platforms.md#reddit). */
export const REDDIT_POLICY_URL = 'https://support.reddithelp.com/hc/en-us/articles/42728983564564'
/** How to get Reddit's own API: new apps need Reddit's approval. */
const REDDIT_APPROVAL_STEPS = `Reddit closed self-service API access in November 2025; new apps need its approval. To get it: 1. read the Responsible Builder Policy (${REDDIT_POLICY_URL}) and file the access request it links (commercial use needs an agreement with Reddit); 2. once approved, set client_id, client_secret, app_id and username`
/** The steps to Reddit access, for an app Reddit refused. */
export const REDDIT_ACCESS_STEPS = `${REDDIT_APPROVAL_STEPS}. Without approval, set provider = "apify" with actor and token (docs/platforms.md#reddit)`

/**
 * What `platforms check` says of a source that is not configured: the settings `missingSettings` names, and for
 * Reddit then the way to its own API.
 */
export function notConfiguredDetail(source: Source): string {
  const names = settingsToSet(source)
  const envs = names.map((n) => envOf(source, n))
  const needs = `needs ${names.join(', ')} ([platforms.${source}] in the configuration file, or ${envs.join(' and ')})`
  if (source !== 'reddit') return needs
  return `${needs}, with provider = "apify": an Apify actor that searches Reddit. Or, for Reddit's own API: ${REDDIT_APPROVAL_STEPS} (docs/platforms.md#reddit)`
}

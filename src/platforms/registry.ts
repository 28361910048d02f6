import type { Source } from '../config/platform-names'
import type { Config } from '../config/schema'
import type { Logger } from '../lib/log'
import { isConfigured } from './configured'
import { createBlueskyConnector } from './bluesky/connector'
import { withWebUrls } from './common/web-urls'
import { createDevtoConnector } from './devto/connector'
import { createGithubConnector } from './github/connector'
import { createHackernewsConnector } from './hackernews/connector'
import { createMastodonConnector } from './mastodon/connector'
import { createMediumConnector } from './medium/connector'
import { createNewsConnector } from './news/connector'
import { createProducthuntConnector } from './producthunt/connector'
import { createRedditConnector } from './reddit/connector'
import { createRedditProviderConnector } from './reddit/provider'
import { createProviderConnector, PROVIDER_PLATFORMS } from './provider/connector'
import { createStackoverflowConnector } from './stackoverflow/connector'
import { createSearxngConnector } from './searxng/connector'
import { createSubstackConnector } from './substack/connector'
import type { PlatformConnector } from './types'
import { createTwitterConnector } from './twitter/connector'
import { createYoutubeConnector } from './youtube/connector'

type Factory = (config: Config, log: Logger) => PlatformConnector

const FACTORIES: Partial<Record<Source, Factory>> = {
  twitter: (c, log) => createTwitterConnector(c.platforms.twitter, log),
  // docs/platforms.md#reddit: an Apify actor when provider = "apify", else Reddit's own API with an approved app.
  reddit: (c, log) =>
    c.platforms.reddit.provider === 'apify'
      ? createRedditProviderConnector(c.platforms.reddit, log)
      : createRedditConnector(c.platforms.reddit, log),
  youtube: (c, log) => createYoutubeConnector(c.platforms.youtube, log),
  hackernews: (c, log) => createHackernewsConnector(c.platforms.hackernews, log),
  bluesky: (c, log) => createBlueskyConnector(c.platforms.bluesky, log),
  mastodon: (c, log) => createMastodonConnector(c.platforms.mastodon, log),
  stackoverflow: (c, log) => createStackoverflowConnector(c.platforms.stackoverflow, log),
  github: (c, log) => createGithubConnector(c.platforms.github, log),
  devto: (c, log) => createDevtoConnector(c.platforms.devto, log),
  medium: (c, log) => createMediumConnector(c.platforms.medium, log),
  substack: (c, log) => createSubstackConnector(c.platforms.substack, log),
  producthunt: (c, log) => createProducthuntConnector(c.platforms.producthunt, log),
  // The earlier route's own networks.
  news: (c, log) => createNewsConnector(c.platforms.news, log),
  internet: (c, log) => createSearxngConnector('internet', c.platforms.internet, log),
  indiehacker: (c, log) => createSearxngConnector('indiehacker', c.platforms.indiehacker, log),
  // Platforms without a public search: the operator's licensed provider task (docs/operations.md#platforms).
  ...Object.fromEntries(
    PROVIDER_PLATFORMS.map((p) => [p, (c: Config, log: Logger) => createProviderConnector(p, c.platforms[p], log)]),
  ),
}

/** The connectors that can run with this configuration; a source absent from the map is "not configured". */
export function buildConnectors(config: Config, log: Logger): Map<Source, PlatformConnector> {
  const connectors = new Map<Source, PlatformConnector>()
  for (const [source, factory] of Object.entries(FACTORIES) as [Source, Factory][]) {
    if (!isConfigured(config, source)) continue
    const connector = factory(config, log)
    const search = connector.search.bind(connector)
    // docs/security.md#platform-text: only web addresses leave a connector, whichever platform gave them.
    connector.search = async (...a) => withWebUrls(source, log, await search(...a))
    connectors.set(source, connector)
  }
  return connectors
}

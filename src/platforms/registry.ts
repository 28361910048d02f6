import type { Source } from '../config/platform-names'
import type { Config } from '../config/schema'
import type { Logger } from '../lib/log'
import { isConfigured } from './configured'
import { heldAsCounted } from './common/counted-limits'
import { createBlueskyConnector } from './bluesky/connector'
import { platformMentions } from './common/web-urls'
import { buildFromTables, type TableFactories } from './table-factories'
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
import type { PlatformShared } from './common/shared-pauses'
import { createTwitterConnector } from './twitter/connector'
import { createYoutubeConnector } from './youtube/connector'

const FACTORIES: TableFactories<PlatformConnector> = {
  twitter: createTwitterConnector,
  // docs/platforms.md#reddit: an Apify actor when provider = "apify", else Reddit's own API with an approved app.
  reddit: (table, log, shared) =>
    table.provider === 'apify'
      ? createRedditProviderConnector(table, log)
      : createRedditConnector(table, log, Date.now, shared),
  youtube: createYoutubeConnector,
  hackernews: createHackernewsConnector,
  bluesky: createBlueskyConnector,
  mastodon: createMastodonConnector,
  stackoverflow: createStackoverflowConnector,
  github: createGithubConnector,
  devto: (table, log) => createDevtoConnector(table, log),
  medium: createMediumConnector,
  substack: createSubstackConnector,
  producthunt: (table, log, shared) => createProducthuntConnector(table, log, Date.now, shared),
  // The earlier route's own networks.
  news: createNewsConnector,
  internet: (table, log, shared) => createSearxngConnector('internet', table, log, shared),
  indiehacker: (table, log, shared) => createSearxngConnector('indiehacker', table, log, shared),
  // Platforms without a public search: the operator's licensed provider task (docs/operations.md#platforms).
  ...Object.fromEntries(
    PROVIDER_PLATFORMS.map((p) => [
      p,
      (table: Config['platforms'][typeof p], log: Logger) => createProviderConnector(p, table, log),
    ]),
  ),
}

/**
 * The connectors that can run with this configuration; a source absent from the map is "not configured". `shared`:
 * this process's pauses (deps.ts), which its streams hold too.
 */
export function buildConnectors(config: Config, log: Logger, shared?: PlatformShared): Map<Source, PlatformConnector> {
  const configured = (Object.keys(FACTORIES) as Source[]).filter((source) => isConfigured(config, source))
  const connectors = new Map<Source, PlatformConnector>()
  for (const [source, built] of buildFromTables(FACTORIES, configured, config, log, shared)) {
    const connector = heldAsCounted(source, built, config.platforms, shared?.pauses)
    const search = connector.search.bind(connector)
    // docs/security.md#platform-text: only web addresses leave a connector, whichever platform gave them.
    connector.search = async (...a) => platformMentions(source, log, await search(...a))
    connectors.set(source, connector)
  }
  return connectors
}

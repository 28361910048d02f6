import type { SearchPlatform } from '../config/platform-names'
import type { Config } from '../config/schema'
import type { Logger } from '../lib/log'
import { createHackernewsConnector } from './hackernews/connector'
import type { PlatformConnector } from './types'

/**
 * The connectors that can run with this configuration. A platform absent from the map is "not configured"
 * (contract §4); the remaining platforms get their connectors in a later release.
 */
export function buildConnectors(config: Config, log: Logger): Map<SearchPlatform, PlatformConnector> {
  const connectors = new Map<SearchPlatform, PlatformConnector>()
  connectors.set('hackernews', createHackernewsConnector(config.platforms.hackernews, log))
  return connectors
}

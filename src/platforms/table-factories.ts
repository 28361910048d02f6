import type { Source } from '../config/platform-names'
import type { Config } from '../config/schema'
import type { Logger } from '../lib/log'
import type { PlatformShared } from './common/shared-pauses'

/**
 * How each platform's reader (a connector, a stream) is built: from that platform's own table of the configuration,
 * with what this process's readers share (its pauses). A factory whose third parameter is another (a test's pace) is
 * wrapped where it is listed.
 */
export type TableFactories<T> = {
  [S in Source]?: (table: Config['platforms'][S], log: Logger, shared: PlatformShared) => T
}

/** The readers of `platforms` that `factories` can build, each from its own table. */
export function buildFromTables<T>(
  factories: TableFactories<T>,
  platforms: Source[],
  config: Config,
  log: Logger,
  shared: PlatformShared = {},
): [Source, T][] {
  const built: [Source, T][] = []
  for (const platform of platforms) {
    // Each entry takes its own platform's table; the map's type says so, a lookup by a variable cannot.
    const factory = factories[platform] as ((table: unknown, log: Logger, shared: PlatformShared) => T) | undefined
    if (factory) built.push([platform, factory(config.platforms[platform], log, shared)])
  }
  return built
}

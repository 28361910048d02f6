import type { SearchPlatform } from '../config/platform-names'
import type { Config } from '../config/schema'
import type { Logger } from '../lib/log'
import { createJetstreamReader } from './bluesky/jetstream'
import { createDevtoStream } from './devto/stream'
import { createHackernewsStream } from './hackernews/stream'
import { createMastodonStream } from './mastodon/stream'
import { createRedditStream } from './reddit/stream'
import { createStackoverflowStream } from './stackoverflow/stream'
import { platformMentions } from './common/web-urls'
import { buildFromTables, type TableFactories } from './table-factories'
import type { StreamReader } from './stream'
import type { PlatformShared } from './common/shared-pauses'

// docs/streams.md: the platforms that publish everything new.
const FACTORIES: TableFactories<StreamReader> = {
  hackernews: (table, log) => createHackernewsStream(table, log),
  bluesky: (table, log) => createJetstreamReader(table, log),
  stackoverflow: createStackoverflowStream,
  devto: createDevtoStream,
  mastodon: (table, log, shared) => createMastodonStream(table, log, shared),
  reddit: createRedditStream,
}

/** What a stream needs to run besides `mode = "stream"`, and its name (docs/streams.md#which-platforms-stream). */
const CAN_RUN: Partial<Record<SearchPlatform, { ok: (c: Pick<Config, 'platforms'>) => boolean; needs: string }>> = {
  // The streaming API needs a token.
  mastodon: { ok: (c) => c.platforms.mastodon.access_token.trim() !== '', needs: 'access_token' },
  // With an approved app only (client_id and client_secret; the configuration requires the rest with them).
  reddit: {
    ok: (c) => c.platforms.reddit.client_id.trim() !== '' && c.platforms.reddit.client_secret.trim() !== '',
    needs: 'an approved app (client_id and client_secret)',
  },
}

/** The platforms whose table says `mode = "stream"` and whose stream can run with this configuration. */
export function streamReaders(config: Config, log: Logger, shared?: PlatformShared): StreamReader[] {
  const streaming = (Object.keys(FACTORIES) as SearchPlatform[]).filter((platform) => isStreamed(config, platform))
  return buildFromTables(FACTORIES, streaming, config, log, shared).map(([, reader]) => webUrlsOnly(reader, log))
}

/** Platforms `serve` streams rather than searches: its scheduled passes leave them out (docs/streams.md). */
export const streamedPlatforms = (config: Config, log: Logger) =>
  new Set(streamReaders(config, log).map((r) => r.platform))

/** Whether `platform`'s table says `mode = "stream"` and it has a stream (docs/streams.md). */
export const isStreamed = (config: Pick<Config, 'platforms'>, platform: string) =>
  (config.platforms[platform as SearchPlatform] as { mode?: string } | undefined)?.mode === 'stream' &&
  FACTORIES[platform as SearchPlatform] !== undefined &&
  (CAN_RUN[platform as SearchPlatform]?.ok(config) ?? true)

/**
 * The platforms whose table says `mode = "stream"` but whose stream cannot run, with what it needs: `serve` says so
 * at start, rather than leaving them out of its streams without a word.
 */
export const streamsThatCannotRun = (config: Pick<Config, 'platforms'>) =>
  (Object.keys(CAN_RUN) as SearchPlatform[]).flatMap((platform) => {
    const can = CAN_RUN[platform]
    const asked = (config.platforms[platform] as { mode?: string } | undefined)?.mode === 'stream'
    return asked && can && !can.ok(config) ? [{ platform, needs: can.needs }] : []
  })

/** docs/security.md#platform-text: a streamed post whose address is not http(s) is read past, as a search skips it. */
export function webUrlsOnly(reader: StreamReader, log: Logger): StreamReader {
  return {
    platform: reader.platform,
    ...(reader.named && { named: reader.named }),
    read: (from, sink, signal) =>
      reader.read(
        from,
        {
          ...sink,
          item(mention, position, a) {
            const [kept] = platformMentions(reader.platform, log, [mention])
            if (kept) sink.item(kept, position, a)
            else sink.heard({ position, reread: a?.reread })
          },
        },
        signal,
      ),
  }
}

import { createMastodonStream } from '../../src/platforms/mastodon/stream'
import type { StreamSink } from '../../src/platforms/stream'
import { testConfig } from './deps'
import { fakeMastodon } from './fake-streams'
import { recordingSink } from './stream-world'

/**
 * A fake Mastodon and its stream read into a recording sink from `from` (null: from now on), until one of `stops` is
 * called. `before`: what the instance has before the stream reads; `adapt`: changes the sink before it reads.
 */
export function mastodonReading(
  stops: (() => void)[],
  a: {
    from?: string | null
    before?: (masto: ReturnType<typeof fakeMastodon>) => void
    adapt?: (sink: StreamSink) => void
  } = {},
) {
  const masto = fakeMastodon('tok')
  stops.push(masto.stop)
  a.before?.(masto)
  const config = testConfig({ platforms: { mastodon: { base_url: masto.url, access_token: 'tok', mode: 'stream' } } })
  const { got, sink } = recordingSink()
  a.adapt?.(sink)
  const stop = new AbortController()
  const read = createMastodonStream(config.platforms.mastodon).read(a.from ?? null, sink, stop.signal)
  stops.push(() => stop.abort())
  return { masto, got, read }
}

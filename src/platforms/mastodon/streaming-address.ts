import * as v from 'valibot'
import type { Config } from '../../config/schema'
import { fetchPlatformJson, USER_AGENT } from '../http'

const InstanceUrls = v.object({ configuration: v.object({ urls: v.object({ streaming: v.string() }) }) })

/** A streaming address as the instance publishes it (wss:), read over https: as server-sent events. */
const overHttp = (url: URL) => {
  if (url.protocol === 'wss:' || url.protocol === 'ws:') url.protocol = url.protocol === 'wss:' ? 'https:' : 'http:'
  return url
}

type Table = Config['platforms']['mastodon']

/**
 * The addresses of Mastodon's streaming API for `config` (docs/platforms.md#mastodon): its server-sent events stream of
 * the configured timeline (`stream_timeline`), and where the streaming API answers.
 */
export function streamingAddress(config: Table) {
  const base = config.base_url || ''
  const [kind, tag] = config.stream_timeline.split(':') as [string, string | undefined]
  return {
    /** The timeline the stream reads (docs.joinmastodon.org/methods/timelines), on the instance. */
    timeline() {
      const url = new URL(
        kind === 'hashtag' ? `/api/v1/timelines/tag/${encodeURIComponent(tag ?? '')}` : '/api/v1/timelines/public',
        base,
      )
      if (config.stream_timeline === 'public:local') url.searchParams.set('local', 'true')
      return url
    },
    /** The server-sent events stream of the timeline, on the streaming host `streaming`. */
    events(streaming: string) {
      if (kind === 'hashtag')
        return new URL(`/api/v1/streaming/hashtag?tag=${encodeURIComponent(tag ?? '')}`, streaming)
      return new URL(
        config.stream_timeline === 'public:local' ? '/api/v1/streaming/public/local' : '/api/v1/streaming/public',
        streaming,
      )
    },
    /** The WebSocket of the timeline (docs.joinmastodon.org/methods/streaming#websocket), on the streaming host. */
    socket(streaming: string) {
      const url = new URL('/api/v1/streaming', streaming)
      url.protocol = url.protocol === 'https:' || url.protocol === 'wss:' ? 'wss:' : 'ws:'
      url.searchParams.set('stream', kind === 'hashtag' ? 'hashtag' : config.stream_timeline)
      if (kind === 'hashtag') url.searchParams.set('tag', tag ?? '')
      return url
    },
    /**
     * Where the streaming API answers (docs.joinmastodon.org/methods/streaming, hostname discovery): `stream_url` when
     * set, else the `configuration.urls.streaming` the instance publishes (GET /api/v2/instance; a wss: address, whose
     * server-sent events are read over https), else the instance itself. Asked on each connection: it can move.
     */
    async host(signal: AbortSignal): Promise<string> {
      if (config.stream_url) return overHttp(new URL(config.stream_url)).href
      const published = await fetchPlatformJson({
        platform: 'mastodon',
        url: new URL('/api/v2/instance', base),
        headers: { 'user-agent': USER_AGENT },
        timeoutMs: config.timeout_ms,
        signal,
      }).catch(() => undefined)
      const said = v.safeParse(InstanceUrls, published)
      const url = said.success ? URL.parse(said.output.configuration.urls.streaming) : null
      if (!url || !/^wss?:$/.test(url.protocol)) return base
      return overHttp(url).origin
    },
  }
}

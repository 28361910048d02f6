import type { Config } from '../../config/schema'
import { isStreamed } from '../../platforms/streams'
import type { StreamPosition } from '../../storage/repos/stream-positions'

/**
 * The source-health fields of how a platform is read (docs/streams.md#source-health): its mode; its position (the
 * stream's cursor, or the time of the last successful search); for a stream its lag behind upstream, posts read and
 * matched in the last hour, when it last heard from upstream, and a gap it could not resume across.
 */
export function readingOf(
  config: Config,
  platform: string,
  stream: StreamPosition | undefined,
  lastSuccessAt: string | null,
  now: Date,
) {
  if (!isStreamed(config, platform)) {
    return { mode: 'search' as const, position: lastSuccessAt, stream: null }
  }
  const since = Math.floor(now.getTime() / 60_000) - 60
  const hour = (stream?.minutes ?? []).filter((m) => m[0] > since)
  return {
    mode: 'stream' as const,
    position: stream?.position ?? null,
    stream: {
      lagSeconds: stream?.lagMs == null ? null : Math.round(stream.lagMs / 1000),
      readLastHour: hour.reduce((n, m) => n + m[1], 0),
      matchedLastHour: hour.reduce((n, m) => n + m[2], 0),
      heardAt: stream?.heardAt ?? null,
      gap: stream?.gap ? { note: stream.gap, at: stream.gapAt } : null,
    },
  }
}

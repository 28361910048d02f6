import type { Config } from '../../config/schema'
import { isStreamed } from '../../platforms/streams'
import type { StreamPosition } from '../../storage/repos/stream-positions'
import { scorerWords } from '../scoring/model-server-words'

// A running stream writes its row at least every 5 s (domain/streams/runner.ts FIGURES_MS); one older than this is a
// stream whose position has stopped moving (a store that hangs, a batch the scorer is stuck on, no process reading).
const STILL_MS = 30_000

/**
 * The lag as stored, plus the time since it was stored once the row has stood still: it was worked out only when the
 * stream stored, and kept its last value (0 s) while nothing was stored and "last success" moved on
 * (docs/streams.md#source-health).
 */
const lagMs = (stored: number, updatedAt: string, now: Date) => {
  const still = now.getTime() - Date.parse(updatedAt)
  return still > STILL_MS ? stored + still : stored
}

/**
 * What the stream does with the team's overflow while the model is behind and the polling queue is at its bound
 * (docs/streams.md#backpressure): the embedded scorer stands in for the model, unless scorer.fallback = "none" says
 * nothing may, and then it is a gap.
 */
const boundNote = (config: Config) => {
  const behind = `${scorerWords(config.scorer.backend)} is behind the stream and the polling queue holds as many of your team's mentions as it takes`
  return config.scorer.fallback === 'none'
    ? `${behind}: matched posts past them are passed over unscored (a gap, as scorer.fallback is "none") until polling passes bring the queue down to half`
    : `${behind}: leads past them are scored by the embedded scorer until polling passes bring the queue down to half`
}

/**
 * The source-health fields of how a platform is read (docs/streams.md#source-health): its mode; its position (the
 * stream's cursor, or the time of the last successful search); for a stream its lag behind upstream, posts read and
 * matched in the last hour, when it last heard from upstream, a gap it could not resume across, and when the newest
 * stored post was published.
 */
export function readingOf(
  config: Config,
  platform: string,
  stream: StreamPosition | undefined,
  lastSuccessAt: string | null,
  now: Date,
  boundSince?: string,
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
      lagSeconds: stream?.lagMs == null ? null : Math.round(lagMs(stream.lagMs, stream.updatedAt, now) / 1000),
      readLastHour: hour.reduce((n, m) => n + m[1], 0),
      matchedLastHour: hour.reduce((n, m) => n + m[2], 0),
      heardAt: stream?.heardAt ?? null,
      gap: stream?.gap ? { note: stream.gap, at: stream.gapAt } : null,
      // When the newest stored post was published: the time the position stands for, which a person can read
      // whatever the platform's cursor looks like.
      positionAt: stream?.upstreamAt ?? null,
      queueBound: boundSince ? { since: boundSince, note: boundNote(config) } : null,
    },
  }
}

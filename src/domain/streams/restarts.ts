import type { Clock } from '../../lib/clock'
import type { StuckJobs } from '../health/stuck'

/**
 * A stream's stops before its position moves again, as GET /readyz names them (docs/streams.md#resuming). One stop
 * followed by a start that runs a minute is not named (a quiet platform has nothing to store). A second stop before
 * the position moves makes a pattern, however long each start ran (a store that hangs each time is given up on after
 * 2 minutes): from then on it is named from the first stop's time, 5 minutes on, until the position moves. A
 * start's minute cleared it before, and a stream whose every start ran past its minute was never named.
 */
export function streamRestarts(deps: { stuck: StuckJobs; clock: Clock }, platform: string) {
  const job = `the ${platform} stream, started again`
  const says = (since: string) =>
    `the ${platform} stream has stopped and started again since ${since} without storing anything; the log's stream_failed or stream_stalled lines say why`
  let stops = 0
  let firstStop: string | undefined
  const moved = () => {
    stops = 0
    firstStop = undefined
    deps.stuck.degraded(job, undefined)
  }
  return {
    /** The position moved (a batch stored), or another process reads the stream. */
    moved,
    /** A start has run a minute: a single stop before it is not a pattern. */
    settled() {
      if (stops < 2) deps.stuck.degraded(job, undefined)
    },
    /** The stream stopped (stream_failed, stream_stalled) and starts again. */
    stopped() {
      stops++
      firstStop ??= deps.clock.now().toISOString()
      deps.stuck.degraded(job, { since: firstStop, says })
    },
  }
}

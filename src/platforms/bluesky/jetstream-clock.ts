import type { StreamSink } from '../stream'
import { after, type Cursor } from './jetstream-cursor'

// How far ahead of this server's clock an event's time_us is taken at its word: as far as the rewind, so that a
// reconnection never asks Jetstream for events from later than now (docs/streams.md#resuming).
export const AHEAD_US = 5_000_000

const seconds = (us: number) => Math.round(us / 1e6)

/**
 * The position after handing on each event of one connection to `instance` (at `host`), as `after` gives it, but never
 * more than AHEAD_US ahead of this server's clock. A broken instance's event timed years ahead moved the cursor there,
 * and every later connection asked from the future and read nothing until the clock caught up. Such an event is
 * handed on, the position stays where it was (or at this server's time less the rewind, when it was on another
 * instance's clock or older), and source health is told, once a connection (docs/streams.md#resuming).
 */
export function clockedPositions(instance: string, host: string, sink: Pick<StreamSink, 'gap'>) {
  let told = false
  return (at: Cursor | null, e: { time_us: number; did: string }): Cursor => {
    const nowUs = Date.now() * 1000
    if (e.time_us <= nowUs + AHEAD_US) return after(at, e, instance)
    if (!told)
      sink.gap(
        `Jetstream at ${host} timed an event ${seconds(e.time_us - nowUs)} s ahead of this server's clock: the position does not follow it (is that instance's clock wrong?)`,
      )
    told = true
    const floor = nowUs - AHEAD_US
    return at?.by === instance && at.us >= floor ? at : { us: floor, dids: null, by: instance }
  }
}

/** The stored position, or null to read from now on when it stands ahead of this server's clock (told as a gap). */
export function storedNotAhead(at: Cursor | null, sink: Pick<StreamSink, 'gap'>) {
  const nowUs = Date.now() * 1000
  if (at === null || at.us <= nowUs + AHEAD_US) return at
  sink.gap(
    `the stored bluesky position is ${seconds(at.us - nowUs)} s ahead of this server's clock; reading on from now`,
  )
  return null
}

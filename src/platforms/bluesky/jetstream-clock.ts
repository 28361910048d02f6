import type { StreamSink } from '../stream'
import { after, type Cursor, MOVE_REWIND_US, type rereadWatch } from './jetstream-cursor'
import type { Ending } from './jetstream-refusal'

// The rewind of a reconnection to the instance whose clock the position is on, as Jetstream's README advises.
export const REWIND_US = 5_000_000
// How far ahead of this server's clock an event's time_us is taken at its word: as far as the rewind, so that a
// reconnection never asks Jetstream for events from later than now (docs/streams.md#resuming).
export const AHEAD_US = 5_000_000

// A connection read for this long has replayed what it was asked for and reads live: its clock can be told.
const SETTLED_MS = 10_000
// A connection that lasted this long was reading: its end is a disconnection, retried at once (jetstream.ts).
const STEADY_MS = 10_000
/** A reader's pace, shortened by tests: STEADY_MS, the first wait after a failure (1 s, doubling) and SETTLED_MS. */
type Pace = { steadyMs?: number; firstRetryMs?: number; settledMs?: number }
/** Whether a connection opened at `openedMs` lasted STEADY_MS (or the pace's). */
export const steady = (openedMs: number, pace: Pace) => Date.now() - openedMs >= (pace.steadyMs ?? STEADY_MS)

const seconds = (us: number) => Math.round(us / 1e6)

// How far back a move to an instance whose clock is behind reads again what its rewind did not: an hour of posts is
// a few minutes of replay (docs/streams.md#resuming). More is told as a gap, not read back.
export const READ_BACK_MAX_US = 3_600_000_000

/**
 * Where a connection to another instance's clock moved from: the position and when this server read it (µs); and
 * `readBack`, told the cursor on this instance's clock to read again from when its clock is found further behind
 * than the rewind.
 */
export type Move = { from: Cursor; readUs: number; readBack: (cursorUs: number) => void; settledMs?: number }

/**
 * On a connection that moved to another instance's clock, asked from MOVE_REWIND_US before the position: once it
 * reads live, how far its clock is behind the one the position was read on, from the least time an event took from
 * its time_us to this server (`lagUs`, each event's). When that is more than the rewind, the replay began after posts
 * the first instance had not sent yet: up to READ_BACK_MAX_US, the instance is asked again from the position as its
 * clock times it (a cursor replays from any time the instance keeps, github.com/bluesky-social/jetstream, README
 * "Consuming Jetstream"); further, source health is told that some may not have been read.
 */
function clockBehind(host: string, sink: Pick<StreamSink, 'gap'>, move: Move) {
  const opened = Date.now()
  let least = Number.POSITIVE_INFINITY
  let told = false
  return (lagUs: number) => {
    least = Math.min(least, lagUs)
    if (told || Date.now() - opened < (move.settledMs ?? SETTLED_MS)) return
    told = true
    // The position's event reached this server `readUs - from.us` after its time; this instance's, `least` after.
    const behindUs = least - (move.readUs - move.from.us)
    if (behindUs <= MOVE_REWIND_US) return
    if (behindUs <= READ_BACK_MAX_US) return move.readBack(move.from.us - behindUs - REWIND_US)
    const from = move.from.by ?? 'the instance the position was read from'
    sink.gap(
      `Jetstream at ${host} times events ${seconds(behindUs)} s behind ${from}: posts of up to ${seconds(behindUs - MOVE_REWIND_US)} s before the move to it may not have been read`,
    )
  }
}

/**
 * The position after handing on each event of one connection to `instance` (at `host`), as `after` gives it, but never
 * more than AHEAD_US ahead of this server's clock. A broken instance's event timed years ahead moved the cursor there,
 * and every later connection asked from the future and read nothing until the clock caught up. Such an event is
 * handed on, the position stays where it was (or at this server's time less the rewind, when it was on another
 * instance's clock or older), and source health is told, once a connection (docs/streams.md#resuming).
 */
export function clockedPositions(instance: string, host: string, sink: Pick<StreamSink, 'gap'>, move?: Move) {
  let told = false
  const behind = move && clockBehind(host, sink, move)
  return (at: Cursor | null, e: { time_us: number; did: string }): Cursor => {
    const nowUs = Date.now() * 1000
    behind?.(Math.max(nowUs - e.time_us, -AHEAD_US))
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

/**
 * Where a connection from the position `from` starts (docs/streams.md#resuming): on the instance whose clock `from` is
 * on (`sameClock`), the rewind, skipping by time what was handed on; on another, the rewind of a move, whose clock is
 * then told (`move`); and a read back (`readBackUs`, asked by `readBack` on a move) from there, skipping nothing by
 * time: the runner passes over what it has read by the post's address.
 */
export function connectionStart(
  from: Cursor | null,
  sameClock: boolean,
  a: { readUs: number; readBackUs?: number; readBack: (cursorUs: number) => void; pace?: Pace },
) {
  const readingBack = a.readBackUs !== undefined
  const move: Move | undefined =
    sameClock || from === null || readingBack
      ? undefined
      : { from, readUs: a.readUs, readBack: a.readBack, settledMs: a.pace?.settledMs }
  const rewound = from === null ? null : from.us - (move ? MOVE_REWIND_US : REWIND_US)
  return { move, cursorUs: a.readBackUs ?? rewound, skips: sameClock && !readingBack }
}

/**
 * One connection's settings (jetstream.ts): its instance; `ending`, told how it ended; the silence allowance; when this
 * server read the position (`readUs`); `reread` (rereadWatch); `moved`, told each position it hands on; and the read
 * back, as above.
 */
export type Connection = {
  instance: string
  ending: Ending
  silenceMs: number
  pace: Pace
  readUs: number
  reread: ReturnType<typeof rereadWatch>
  moved: (at: Cursor) => void
  readBackUs?: number
  readBack: (cursorUs: number) => void
  /** An identity event: the DID's handle may have changed (profile-names.ts forgets the one it keeps). */
  renamed?: (did: string) => void
}

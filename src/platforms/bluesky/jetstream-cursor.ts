import { remember } from '../../lib/bounded-map'
import { countPosition } from '../stream'

/**
 * The stored position (docs/streams.md#resuming): the time_us of the last event handed on, the DIDs of the events of
 * that microsecond handed on, and the instance whose clock that time is on. Jetstream replays from the cursor's own
 * time on, the event stored last included, and tells events of one microsecond apart by DID (its keys are
 * `<time_us>_<did>_<collection>`), so the time alone either hands that event on again after a restart or, skipped,
 * loses another of the same microsecond. `dids` is null for a position stored as the time alone (before DIDs were),
 * taken as every event of that time. `by` (instanceOf) is null for a position stored before it was.
 */
export type Cursor = { us: number; dids: string[] | null; by: string | null }

/**
 * An address of `stream_url` as a position names it: its host and path, without what a query or user part may carry
 * (the position shows in source health). Each instance times events by its own clock.
 */
export const instanceOf = (address: string) => {
  const url = new URL(address)
  return `${url.host}${url.pathname}`
}

// Neither a time nor a DID holds an '@' (DIDs are letters, digits, '.', '-', '_', ':' and %-escapes), so the instance
// follows the first one; a position without it is one stored before the instance was.
export const parseCursor = (s: string): Cursor | undefined => {
  const [cursor = '', by] = s.split(/@(.*)/s, 2)
  const [time = '', dids] = cursor.split('/', 2)
  const us = countPosition(time)
  if (us === undefined || dids === '' || by === '') return undefined
  return { us, dids: dids === undefined ? null : dids.split(','), by: by ?? null }
}

/** Whether `e` was handed on before the position `at` was stored. */
export const handed = (at: Cursor, e: { time_us: number; did: string }) =>
  e.time_us < at.us || (e.time_us === at.us && (at.dids === null || at.dids.includes(e.did)))

// DIDs kept of one microsecond: more is not Bluesky (a few events share one at most) but a broken or hostile instance,
// whose events past them are read again after a restart rather than growing the position written every second.
const MAX_DIDS = 64

/** The position after handing on `e` from the instance `by`, read after `at`. */
export const after = (at: Cursor | null, e: { time_us: number; did: string }, by: string | null = null): Cursor => {
  if (at?.us !== e.time_us || !at.dids || at.by !== by) return { us: e.time_us, dids: [e.did], by }
  return at.dids.length < MAX_DIDS ? { us: e.time_us, dids: [...at.dids, e.did], by } : at
}

export const cursorText = (at: Cursor) =>
  `${at.dids ? `${at.us}/${at.dids.join(',')}` : String(at.us)}${at.by === null ? '' : `@${at.by}`}`

// The rewind on a connection to another instance than the one whose clock the position is on: instances' clocks can
// disagree by more than the 5 s of a reconnection to the same one (docs/streams.md#resuming). A minute of posts is a
// few thousand, which the runner passes over as already handed on (jetstream-clock.ts).
export const MOVE_REWIND_US = 60_000_000

// Events remembered by what they are (eventKey): more than a move's rewind replays (a minute, a few thousand posts).
const KEYS = 20_000

/**
 * Whether each event handed on (at the position `at`, on the clock of the instance `at.by`) was read before
 * (docs/streams.md#outages). A move's replay is handed on (the runner passes over what it had) but is no activity: with
 * every instance's feed stalled (their relay stopped), each move replayed what was read, which ended the outage it was
 * part of. An event is told by what it is (`key`: its author, record and operation, eventKey), which no instance's
 * clock changes: by time alone, an instance whose clock runs minutes behind the other's sent new posts timed before
 * the latest one read, each taken for a replay until its clock caught up, and the outage they ended went on. Before
 * the stored position `from`, read by an earlier run, only time tells: on the clock of the instance it was read from
 * (`timedBy`), up to the position; on another's, up to MOVE_REWIND_US (as far as instances' clocks are taken to
 * disagree) past it, since that instance's replay of what was read before the restart is timed by its own
 * clock: taken for new posts, the first move after a restart with both instances stalled ended the outage once. An
 * event without a key, by the latest time handed on, whichever clock timed it. With `skips` (the same clock, its
 * replay passed over by the position) what is handed on is new.
 */
export function rereadWatch(from: Cursor | null, timedBy: string | undefined) {
  let readToUs = from?.us ?? 0
  const keys = new Map<string, true>()
  return (at: Cursor, key: string | undefined, skips: boolean) => {
    const before = at.us <= readToUs
    readToUs = Math.max(readToUs, at.us)
    if (key === undefined) return !skips && before
    const seen = keys.has(key)
    remember(keys, key, true, KEYS)
    const storedBefore = from !== null && at.us <= from.us + (at.by === timedBy ? 0 : MOVE_REWIND_US)
    return !skips && (seen || storedBefore)
  }
}

import { countPosition } from '../stream'

/**
 * The stored position (docs/streams.md#resuming): the time_us of the last event handed on and the DIDs of the events of
 * that microsecond handed on. Jetstream replays from the cursor's own time on, the event stored last included, and
 * tells events of one microsecond apart by DID (its keys are `<time_us>_<did>_<collection>`), so the time alone either
 * hands that event on again after a restart or, skipped, loses another of the same microsecond. `dids` is null for a
 * position stored as the time alone (before DIDs were), taken as every event of that time.
 */
export type Cursor = { us: number; dids: string[] | null }

export const parseCursor = (s: string): Cursor | undefined => {
  const [time = '', dids] = s.split('/', 2)
  const us = countPosition(time)
  return us === undefined || dids === '' ? undefined : { us, dids: dids === undefined ? null : dids.split(',') }
}

/** Whether `e` was handed on before the position `at` was stored. */
export const handed = (at: Cursor, e: { time_us: number; did: string }) =>
  e.time_us < at.us || (e.time_us === at.us && (at.dids === null || at.dids.includes(e.did)))

// DIDs kept of one microsecond: more is not Bluesky (a few events share one at most) but a broken or hostile instance,
// whose events past them are read again after a restart rather than growing the position written every second.
const MAX_DIDS = 64

/** The position after handing on `e`, read after `at`. */
export const after = (at: Cursor | null, e: { time_us: number; did: string }): Cursor => {
  if (at?.us !== e.time_us || !at.dids) return { us: e.time_us, dids: [e.did] }
  return at.dids.length < MAX_DIDS ? { us: e.time_us, dids: [...at.dids, e.did] } : at
}

export const cursorText = (at: Cursor) => (at.dids ? `${at.us}/${at.dids.join(',')}` : String(at.us))

import type { GroupCommit } from '../engine/group-commit'
import { RELEASE } from './usage-holds'

/**
 * Holds of kept reservations end in bulk: summed per team and window, written once per turn of the event loop. A busy
 * team then costs one release statement per turn rather than one per call. Apart from usage.ts, which takes and gives
 * back units: when a hold's end is written is a matter of cost, not of what a unit is.
 */
export function createHoldReleases(client: GroupCommit) {
  let releases = new Map<string, { teamId: string; window: number; count: number }>()
  let releasing: Promise<unknown> = Promise.resolve()

  function release(teamId: string, window: number) {
    const key = `${teamId}\u0000${window}`
    const entry = releases.get(key)
    if (entry) entry.count++
    else releases.set(key, { teamId, window, count: 1 })
    if (releases.size === 1 && !entry) setImmediate(writeReleases)
  }

  function writeReleases() {
    const due = [...releases.values()]
    releases = new Map()
    // A release that fails leaves holds that stop counting with their window; nothing else depends on them.
    const written = due.map((e) =>
      client.execute({ sql: RELEASE, args: [e.teamId, e.window, e.count] }).catch(() => undefined),
    )
    // Settled to nothing: a chain of Promise.all values would nest every earlier turn's results and never be freed.
    releasing = Promise.all([releasing, ...written]).then(() => undefined)
    return releasing
  }

  return { release, writeReleases }
}

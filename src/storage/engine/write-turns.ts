import type { Client, InStatement, ResultSet } from '@libsql/client'

/**
 * The turns of a remote client's writes, sent one at a time (docs/performance.md#one-write-at-a-time-on-sqld), in two
 * lanes. Counted calls' writes (the quota's group commit) go before the writes `serve` makes on its own (leases,
 * deliveries, source health, cleaning) that are not sent yet: on a slow link each write is a round trip, and a call
 * queued behind a dozen of them waited seconds for its unit (docs/operations.md#a-slow-link-to-the-database).
 * Background writes are not starved: one that has waited `backgroundWaitMs` takes the next turn unless the turn
 * before went to such a late background write too, so counted and late background writes then alternate
 * (docs/architecture.md#the-order-of-writes-on-a-libsql-server). Within a lane the order is the order of arrival.
 */
export type Lane = 'counted' | 'background'

type Turn = { at: number; start: () => void }

export function createWriteTurns(a: { backgroundWaitMs: number; now?: () => number }) {
  const now = a.now ?? (() => performance.now())
  const lanes: Record<Lane, Turn[]> = { counted: [], background: [] }
  let busy = false
  let lastWasLate = false

  function pick(): Turn | undefined {
    const late = lanes.background.length > 0 && now() - lanes.background[0].at >= a.backgroundWaitMs
    const counted = lanes.counted.length > 0
    const background = late ? !(lastWasLate && counted) : !counted
    lastWasLate = background && late
    return background ? lanes.background.shift() : lanes.counted.shift()
  }

  function next() {
    if (busy) return
    const turn = pick()
    if (!turn) return
    busy = true
    turn.start()
  }

  // The next turn is chosen after the callbacks of the write that ended have run (a macrotask later), so a group
  // commit that queues its next group as soon as its last one is answered is in line when the choice is made.
  const ended = () =>
    setImmediate(() => {
      busy = false
      next()
    })

  return {
    /** Runs `run` when its lane's turn comes, after every earlier write has settled. */
    take<T>(lane: Lane, run: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        lanes[lane].push({
          at: now(),
          start: () => Promise.resolve().then(run).then(resolve, reject).finally(ended),
        })
        next()
      })
    },
    /** Writes waiting for their turn, by lane (tests). */
    waiting: () => ({ counted: lanes.counted.length, background: lanes.background.length }),
  }
}

/**
 * How the quota's group commit sends a group: `build` is called when the group's turn comes, and gives the statements
 * to send then (none: nothing is sent). On a libSQL server that is the counted lane above; elsewhere (a local file,
 * whose writers wait on its lock instead), at once.
 */
export type CountedWrites = {
  write(build: () => InStatement[] | undefined): Promise<ResultSet[] | undefined>
}

/**
 * The key under which a remote client (remote-client.ts) carries its counted lane, for the group commit, which builds
 * its group when its turn comes. Other counted writes go through the client's own calls, marked by lib/counted-call.ts.
 */
export const COUNTED = Symbol('counted writes')

export function countedWrites(client: Client): CountedWrites {
  const lane = (client as { [COUNTED]?: CountedWrites })[COUNTED]
  return lane ?? { write: async (build) => sendNow(client, build()) }
}

/** One statement alone, several in one transaction: what a group commit sends. */
export async function sendNow(client: Client, stmts: InStatement[] | undefined) {
  if (!stmts || stmts.length === 0) return undefined
  return stmts.length === 1 ? [await client.execute(stmts[0])] : await client.batch(stmts, 'write')
}

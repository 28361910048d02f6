import type { Client, InStatement, ResultSet } from '@libsql/client'
import { AppError } from '../../errors'
import { countedWrites } from './write-turns'

// `after`: a statement sent right after `stmt`, in its transaction, whose result nobody reads.
type Waiting = {
  stmt: InStatement
  after: InStatement | undefined
  resolve: (r: ResultSet) => void
  reject: (e: unknown) => void
}

/**
 * Group commit for small writes: statements queued during one turn of the event loop, while the previous group was
 * being written, or while this one waited for its turn to be sent (write-turns.ts), run in one transaction, in the
 * order they were queued. So one group is written at a time, and the slower the database answers, the more each group
 * carries (docs/performance.md#one-write-at-a-time-on-sqld).
 * Each keeps its own result and stays atomic, exactly as if run alone, but they share one commit, which costs more
 * than the statements themselves (about 15 µs against 4 µs locally; a round trip to a libSQL server). If the shared
 * transaction fails, each statement is retried alone so that only the statement at fault fails; but when the
 * database itself could not be used (locked for too long, unreachable), each would only wait as long again, so they
 * all fail with the group.
 */
export type GroupCommit = ReturnType<typeof createGroupCommit>

export function createGroupCommit(client: Client) {
  const lane = countedWrites(client)
  let queue: Waiting[] = []
  let writing = false

  // The group is what is queued when its turn to be sent comes (write-turns.ts).
  function flush() {
    writing = true
    let group: Waiting[] | undefined
    const take = () => {
      group = queue
      queue = []
      return group.length > 0 ? statementsOf(group) : undefined
    }
    lane
      .write(take)
      .then(
        (results) => shareOut(group ?? [], results),
        // Failed before its turn came (the server silent): what waits fails with it, unsent.
        (e) => {
          if (group === undefined) take()
          return failed(group ?? [], e)
        },
      )
      .finally(() => {
        writing = false
        // What was queued while this group was being written goes next, as one group.
        if (queue.length > 0) flush()
      })
  }

  function shareOut(group: Waiting[], results: ResultSet[] | undefined) {
    let i = 0
    for (const w of group) {
      w.resolve((results as ResultSet[])[i])
      i += w.after ? 2 : 1
    }
  }

  async function failed(group: Waiting[], e: unknown) {
    if (group.length === 1 || (e instanceof AppError && e.kind === 'storage_unavailable'))
      for (const w of group) w.reject(e)
    else for (const w of group) await settle(w)
  }

  async function settle(w: Waiting) {
    try {
      const rs = await lane.write(() => statementsOf([w]))
      w.resolve((rs as ResultSet[])[0])
    } catch (e) {
      w.reject(e)
    }
  }

  return {
    execute(stmt: InStatement, after?: InStatement): Promise<ResultSet> {
      return new Promise((resolve, reject) => {
        if (queue.length === 0 && !writing) setImmediate(flush)
        queue.push({ stmt, after, resolve, reject })
      })
    },
  }
}

const statementsOf = (group: Waiting[]) => group.flatMap((w) => (w.after ? [w.stmt, w.after] : [w.stmt]))

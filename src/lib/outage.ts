// A task that fails again every second or minute (a stream that cannot connect, a worker whose database is gone)
// should say so when it begins, remind now and then, and say when it ends: not a line per try
// (docs/operations.md#logs).
export const REMIND_EVERY_MS = 15 * 60_000

type Outage = {
  /** A failed try: what the log should say of it, if anything. */
  failed(): { tell: 'began' | 'lasting'; since: string; failures: number } | undefined
  /** A try that worked: how the outage it ends went, if one was under way. */
  ended(): { failures: number; downSeconds: number } | undefined
}

export function createOutage(now: () => Date): Outage {
  let current: { since: number; failures: number; toldAt: number } | undefined
  return {
    failed() {
      const at = now().getTime()
      if (!current) {
        current = { since: at, failures: 1, toldAt: at }
        return { tell: 'began', since: new Date(at).toISOString(), failures: 1 }
      }
      current.failures++
      if (at - current.toldAt < REMIND_EVERY_MS) return undefined
      current.toldAt = at
      return { tell: 'lasting', since: new Date(current.since).toISOString(), failures: current.failures }
    },
    ended() {
      if (!current) return undefined
      const { since, failures } = current
      current = undefined
      return { failures, downSeconds: Math.round((now().getTime() - since) / 1000) }
    },
  }
}

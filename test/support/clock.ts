import type { Clock } from '../../src/lib/clock'

/** A clock tests can set and move, to cross month boundaries without waiting. */
export function manualClock(start: Date | string): Clock & { set(to: Date | string): void } {
  let at = new Date(start)
  return {
    now: () => new Date(at),
    set: (to) => {
      at = new Date(to)
    },
  }
}

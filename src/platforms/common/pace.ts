/**
 * At most `n` requests started per `windowMs` (a sliding window), shared by every caller of one connector: a call
 * waits for its turn rather than being refused by the platform. Turns are given in the order they were asked for.
 */
export function createPacer(n: number, windowMs: number, now: () => number = Date.now) {
  const starts: number[] = []
  let queue: Promise<void> = Promise.resolve()
  return {
    turn(): Promise<void> {
      const mine = queue.then(async () => {
        while (starts.length >= n) {
          const wait = starts[0] + windowMs - now()
          if (wait <= 0) starts.shift()
          else await Bun.sleep(wait)
        }
        starts.push(now())
      })
      queue = mine
      return mine
    },
  }
}

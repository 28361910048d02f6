import { expect, test } from 'bun:test'
import { createLimiter, LimiterError } from '../../src/lib/limiter'

const gate = () => {
  let open!: () => void
  const opened = new Promise<void>((r) => {
    open = r
  })
  return { open, opened }
}

test('never more than max in flight; the others wait their turn in order', async () => {
  const limiter = createLimiter(2, 100)
  let now = 0
  let peak = 0
  const order: number[] = []
  await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      limiter.run(5000, async () => {
        now++
        peak = Math.max(peak, now)
        await Bun.sleep(2)
        order.push(i)
        now--
      }),
    ),
  )
  expect(peak).toBe(2)
  expect(order).toHaveLength(20)
  expect(limiter.inFlight).toBe(0)
})

test('a full queue refuses at once, and a caller that times out while waiting leaves the queue', async () => {
  const limiter = createLimiter(1, 1)
  const g = gate()
  const first = limiter.run(5000, () => g.opened)
  const waiter = limiter.run(50, async () => 'late')
  await expect(limiter.run(5000, async () => 'x')).rejects.toBeInstanceOf(LimiterError)
  await expect(waiter).rejects.toBeInstanceOf(LimiterError)
  g.open()
  await first
  expect(limiter.inFlight).toBe(0)
  expect(await limiter.run(100, async () => 'next')).toBe('next')
})

test('work past the time limit is answered with an error at once, but keeps its slot until it settles', async () => {
  const limiter = createLimiter(1, 10)
  const g = gate()
  let aborted = false
  const slow = limiter.run(30, async (signal) => {
    signal.addEventListener('abort', () => {
      aborted = true
    })
    await g.opened
  })
  await expect(slow).rejects.toBeInstanceOf(LimiterError)
  expect(aborted).toBe(true)
  expect(limiter.inFlight).toBe(1)
  g.open()
  await Bun.sleep(0)
  expect(limiter.inFlight).toBe(0)
})

test('a caller that stops waiting aborts its work at once and leaves the queue', async () => {
  const limiter = createLimiter(1, 5)
  const g = gate()
  const first = limiter.run(5000, () => g.opened)
  const caller = new AbortController()
  let workSignal: AbortSignal | undefined
  const running = limiter.run(
    5000,
    (signal) => {
      workSignal = signal
      return new Promise(() => {})
    },
    caller.signal,
  )
  const waiting = limiter.run(5000, async () => 'never', caller.signal)
  g.open()
  await first
  await Bun.sleep(1)
  const settled = Promise.allSettled([running, waiting])
  caller.abort()
  const [r, w] = await settled
  expect(r.status === 'rejected' && r.reason).toBeInstanceOf(LimiterError)
  expect(w.status === 'rejected' && (w.reason as Error).message).toBe('the caller stopped waiting')
  expect(workSignal?.aborted).toBe(true)
  // Already aborted: refused before any work starts.
  let started = false
  await expect(
    limiter.run(
      5000,
      async () => {
        started = true
      },
      caller.signal,
    ),
  ).rejects.toBeInstanceOf(LimiterError)
  expect(started).toBe(false)
})

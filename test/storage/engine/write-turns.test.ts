// The two lanes of a libSQL server client's writes (src/storage/engine/write-turns.ts,
// docs/architecture.md#the-order-of-writes-on-a-libsql-server): counted calls' writes before background writes not
// sent yet, a background write that waited its bound not starved, and the order of arrival kept within a lane.
import { expect, test } from 'bun:test'
import { createWriteTurns, type Lane } from '../../../src/storage/engine/write-turns'

// A write that ends when the test says, and the order the writes were sent in.
function world(backgroundWaitMs: number) {
  let now = 0
  const turns = createWriteTurns({ backgroundWaitMs, now: () => now })
  const sent: string[] = []
  const ends: (() => void)[] = []
  const write = (lane: Lane, name: string) =>
    turns.take(lane, () => {
      sent.push(name)
      return new Promise<void>((resolve) => ends.push(resolve))
    })
  // Ends the write in flight and lets the next be chosen (a macrotask later).
  const settled = () => new Promise((r) => setImmediate(r))
  const endOne = async () => {
    await settled()
    ends.shift()?.()
    await settled()
    await settled()
  }
  return { turns, sent, write, endOne, pass: (ms: number) => (now += ms) }
}

test('a counted write goes before the background writes queued ahead of it', async () => {
  const w = world(5000)
  for (const name of ['b1', 'b2', 'b3']) w.write('background', name)
  w.write('counted', 'c1')
  await w.endOne()
  expect(w.sent).toEqual(['b1', 'c1'])
  for (let i = 0; i < 3; i++) await w.endOne()
  expect(w.sent).toEqual(['b1', 'c1', 'b2', 'b3'])
})

test('a background write that waited its bound alternates with counted writes', async () => {
  const w = world(5000)
  w.write('background', 'b0')
  for (const name of ['b1', 'b2']) w.write('background', name)
  for (const name of ['c1', 'c2', 'c3']) w.write('counted', name)
  w.pass(5000)
  for (let i = 0; i < 6; i++) await w.endOne()
  expect(w.sent).toEqual(['b0', 'b1', 'c1', 'b2', 'c2', 'c3'])
  expect(w.turns.waiting()).toEqual({ counted: 0, background: 0 })
})

test('a write that fails frees the turn for the next', async () => {
  const turns = createWriteTurns({ backgroundWaitMs: 5000 })
  const failed = turns.take('background', () => Promise.reject(new Error('refused')))
  const next = turns.take('counted', async () => 'sent')
  await expect(failed).rejects.toThrow('refused')
  expect(await next).toBe('sent')
})

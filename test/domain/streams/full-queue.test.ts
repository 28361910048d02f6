import { afterEach, describe, expect, test } from 'bun:test'
import { createDevtoStream } from '../../../src/platforms/devto/stream'
import { createStackoverflowStream } from '../../../src/platforms/stackoverflow/stream'
import type { StreamReader, StreamSink } from '../../../src/platforms/stream'
import { testConfig } from '../../support/deps'
import { fakeStackExchange } from '../../support/fake-streams'
import { fakeUpstream } from '../../support/fake-upstream'
import { silentLogger } from '../../support/log'

// docs/streams.md#backpressure: when the queue to the scorer is full, a reader that asks waits for room before it
// reads again, so memory stays bounded whatever the burst.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

/** Runs `reader` against a sink that is full until let go; returns the requests upstream saw while full and after. */
async function whileFull(reader: StreamReader, requests: () => number) {
  let full = true
  let letGo = () => {}
  const room = new Promise<void>((r) => {
    letGo = r
  })
  const stop = new AbortController()
  const sink: StreamSink = {
    item: () => {},
    heard: () => {},
    gap: () => {},
    failed: () => {},
    full: () => full,
    room: () => room,
    now: () => new Date(),
  }
  const reading = reader.read('1:1', sink, stop.signal)
  await Bun.sleep(300)
  const duringFull = requests()
  full = false
  letGo()
  await Bun.sleep(300)
  const after = requests()
  stop.abort()
  await reading
  return { duringFull, after }
}

describe('a stream reader with a full queue', () => {
  test('Stack Overflow waits for room before it reads', async () => {
    const fake = fakeStackExchange()
    stops.push(fake.stop)
    const config = testConfig({ platforms: { stackoverflow: { stream_url: fake.url } } })
    const got = await whileFull(
      createStackoverflowStream(config.platforms.stackoverflow, silentLogger),
      () => fake.requests.length,
    )
    expect(got).toEqual({ duringFull: 0, after: 1 })
  })

  test('DEV waits for room before it reads', async () => {
    const fake = fakeUpstream(() => Response.json([]))
    stops.push(fake.stop)
    const config = testConfig({ platforms: { devto: { stream_url: fake.origin } } })
    const got = await whileFull(createDevtoStream(config.platforms.devto, silentLogger), () => fake.received.length)
    expect(got).toEqual({ duringFull: 0, after: 1 })
  })
})

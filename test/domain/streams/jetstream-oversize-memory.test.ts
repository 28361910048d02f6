import { afterEach, describe, expect, test } from 'bun:test'
import { heapStats } from 'bun:jsc'
import { createJetstreamReader } from '../../../src/platforms/bluesky/jetstream'
import { testConfig } from '../../support/deps'
import { fakeJetstream } from '../../support/fake-streams'
import { silentLogger } from '../../support/log'
import { eventually, recordingSink } from '../../support/stream-world'

// An event over 4 MiB is not decoded: its did and time_us are read from its first 2 kB, and it is passed over as a
// gap (docs/streams.md#outages). The did, cut from the message, kept the whole message alive in the position, which
// holds the DIDs of one microsecond (up to 64): a hostile or broken Jetstream address that sent 64 such events with
// one time_us held 64 messages of up to 128 MiB for as long as no later event came.
const stops: (() => unknown)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

const MIB = 1024 * 1024
const heapAfterGc = async () => {
  Bun.gc(true)
  await Bun.sleep(100)
  Bun.gc(true)
  return heapStats().heapSize
}

describe('Bluesky stream: events too large to decode', () => {
  test('are passed over and not kept in memory', async () => {
    const jet = fakeJetstream()
    stops.push(jet.stop)
    const config = testConfig({ platforms: { bluesky: { stream_url: [jet.url] as never } } })
    const { got, sink: recording } = recordingSink()
    // Only the latest position, as the runner's queue keeps it (the recording sink keeps every one).
    let position = ''
    const heard = (a?: { position?: string }) => {
      position = a?.position ?? position
    }
    const sink = { ...recording, heard }
    const stop = new AbortController()
    void createJetstreamReader(config.platforms.bluesky, silentLogger).read(null, sink, stop.signal)
    stops.push(() => stop.abort())
    await eventually('the connection', () => jet.clients() === 1)
    jet.post('Looking for a CRM.')
    await eventually('the first post', () => got.mentions.length === 1)
    const before = await heapAfterGc()
    // Twenty events of 5 MiB of one microsecond, each written as Jetstream writes an event: its did and time_us first.
    const us = Date.now() * 1000
    for (let i = 1; i <= 20; i++)
      jet.sendRaw(
        `{"did":"did:plc:big${i}","time_us":${us},"kind":"commit","commit":{"rev":"r","operation":"create",` +
          `"collection":"app.bsky.feed.post","rkey":"k${i}","record":{"text":"${'x'.repeat(5 * MIB)}"}}}`,
      )
    await eventually('the twenty passed over', () => got.gaps.length === 20)
    expect(position).toContain('did:plc:big20')
    const grown = (await heapAfterGc()) - before
    expect(got.gaps.filter((g) => g.includes('more than 4 MiB'))).toHaveLength(20)
    // 100 MiB came in; what stays is the reader's own bookkeeping.
    expect(grown).toBeLessThan(20 * MIB)
  }, 30_000)
})

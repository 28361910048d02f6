import { afterEach, describe, expect, test } from 'bun:test'
import { parseCursor } from '../../../src/platforms/bluesky/jetstream-cursor'
import type { Logger } from '../../../src/lib/log'
import { eventually, jetstreamReading } from '../../support/stream-world'

// Jetstream's cursor is the instance's own time_us, and a reconnection asks for the events from it on
// (github.com/bluesky-social/jetstream, README "Consuming Jetstream"). One event timed far ahead by a broken instance
// moved the stored cursor there, and every later connection asked from the future: the replay sent nothing and each
// live event, earlier than the cursor, was passed over as already read, until the clock caught up
// (docs/streams.md#resuming).
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

const quiet = { info() {}, warn() {}, error() {} } as unknown as Logger
const YEAR_US = 365 * 24 * 3600 * 1_000_000

const reader = () => jetstreamReading(stops, quiet)

describe('Bluesky stream: an event timed far ahead of this server', () => {
  test('does not move the position past this server clock, is told, and later posts are read', async () => {
    const { jet, got, read } = reader()
    void read(null)
    await eventually('the reader to connect', () => jet.clients() === 1)
    jet.post('Before the clock jumps.')
    jet.nextAt(Date.now() * 1000 + 30 * YEAR_US)
    jet.post('Timed thirty years ahead.')
    await eventually('both posts', () => got.mentions.length === 2)
    const position = parseCursor(got.positions[got.positions.length - 1] as string)
    expect(position?.us).toBeLessThanOrEqual(Date.now() * 1000 + 5_000_000)
    expect(got.gaps).toEqual([expect.stringContaining('ahead of this server')])
    // The instance restarts: the reader asks from its position, not from thirty years on.
    jet.dropAll()
    await eventually('the reconnection', () => jet.connections.length === 2 && jet.clients() === 1)
    expect(Number(jet.connections[1]?.searchParams.get('cursor'))).toBeLessThanOrEqual(Date.now() * 1000)
    jet.post('After the reconnection.')
    await eventually('the post after the reconnection', () =>
      got.mentions.some((m) => m.content === 'After the reconnection.'),
    )
  }, 20_000)

  test('a stored position ahead of this server clock is a gap, and the stream reads on from now', async () => {
    const { jet, got, read } = reader()
    const host = new URL(jet.url)
    void read(`${Date.now() * 1000 + YEAR_US}/did:plc:x@${host.host}${host.pathname}`)
    await eventually('the reader to connect', () => jet.clients() === 1)
    expect(jet.connections[0]?.searchParams.get('cursor')).toBeNull()
    expect(got.gaps).toEqual([expect.stringContaining('ahead of this server')])
    jet.post('Read from now on.')
    await eventually('the post', () => got.mentions.length === 1)
  }, 20_000)
})

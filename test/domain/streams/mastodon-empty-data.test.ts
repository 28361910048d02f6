import { afterEach, describe, expect, test } from 'bun:test'
import { fakeMastodon } from '../../support/fake-streams'
import { mastodonStreamWorld } from '../../support/mastodon-world'
import { eventually } from '../../support/stream-world'
import { endlessEvents } from '../../support/endless-events'

// Server-sent events (html.spec.whatwg.org, "Interpreting an event stream"): each `data` line appends its value and a
// line feed to the event's data, which a blank line ends. The reader holds at most 1 MiB of one event
// (docs/streams.md#outages), but counted only the values: a streaming server that sent `data:` lines with nothing
// after them, and never the blank line, grew the event by one character a line without ever reaching the bound.
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.()
})

describe('Mastodon stream (server-sent events): an event that never ends', () => {
  test('of empty data lines is refused past 1 MiB, as one of long lines is', async () => {
    const masto = fakeMastodon('tok')
    // 65,536 empty data lines a chunk (384 kB); 1 MiB of the event's data is 16 chunks.
    const endless = endlessEvents(new TextEncoder().encode('data:\n'.repeat(64 * 1024)), 256)
    cleanups.push(endless.stop)
    const { deps } = await mastodonStreamWorld(masto, cleanups, endless.url, undefined, 'sse')
    const health = async () => (await deps.repos.platformHealth.list())[0]
    await eventually('a failure', async () => (await health())?.lastError != null, 20_000)
    expect((await health())?.lastError).toBe('mastodon streaming API sent an event of more than 1 MiB')
    // It let go of the connection after the first MiB: the server wrote no more than the socket's buffers hold past it.
    expect(endless.sent()).toBeLessThan(128)
  }, 30_000)
})

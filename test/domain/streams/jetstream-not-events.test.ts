import { afterEach, describe, expect, test } from 'bun:test'
import { createJetstreamReader } from '../../../src/platforms/bluesky/jetstream'
import { testConfig } from '../../support/deps'
import { fakeJetstream } from '../../support/fake-streams'
import { silentLogger } from '../../support/log'
import { eventually, recordingSink } from '../../support/stream-world'

// Jetstream sends one JSON event per message (github.com/bluesky-social/jetstream, v1 `/subscribe`). An address that
// keeps its connection open and sends something else (the relay's firehose, CBOR frames, written into stream_url by
// mistake; another service's WebSocket) was read for good without a word: a failed read only when it closed. Its first
// message not being an event, it is a failed read at once (docs/streams.md#outages); a message that is not an event
// among events (once passed over without a word) is a gap, told once a connection; an event whose record a PDS did
// not check is an event all the same, and no gap.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

async function reader() {
  const jet = fakeJetstream()
  stops.push(jet.stop)
  const config = testConfig({ platforms: { bluesky: { stream_url: [jet.url] as never } } })
  const { got, sink } = recordingSink()
  const deleted: string[] = []
  sink.deleted = (id) => deleted.push(id)
  const stop = new AbortController()
  const reading = createJetstreamReader(config.platforms.bluesky, silentLogger).read(null, sink, stop.signal)
  stops.push(() => stop.abort())
  await eventually('the connection', () => jet.clients() === 1)
  return { jet, got, deleted, done: () => reading }
}

describe('Bluesky stream: an address that sends what is not a Jetstream event', () => {
  test('from its first message, with the connection kept open: a failed read at once', async () => {
    const { jet, got } = await reader()
    jet.sendRaw('\u00a2ebodyx\u0000')
    jet.sendRaw('{"op": 1, "t": "#commit"}')
    await eventually('the failure', () => got.failures.length >= 1, 3000)
    expect(got.failures[0]).toBe(`bluesky: Jetstream at ${new URL(jet.url).host} sent something that is not an event`)
  })

  test('among events: passed over as a gap, told once, and the events after it are read', async () => {
    const { jet, got } = await reader()
    jet.post('The first post.')
    await eventually('the first post', () => got.mentions.length === 1)
    jet.sendRaw('not an event')
    jet.sendRaw('{"time_us": "soon"}')
    // An event all the same, whose record a PDS did not check: no post, and no gap.
    jet.sendRaw(
      `{"did":"did:plc:x","time_us":${Date.now() * 1000},"kind":"commit","commit":{"operation":"create","collection":"app.bsky.feed.post","rkey":"r1","record":{"text":42}}}`,
    )
    jet.post('The second post.')
    await eventually('the second post', () => got.mentions.length === 2)
    expect(got.gaps).toEqual([`Jetstream at ${new URL(jet.url).host} sent a message that is not an event; passed over`])
    expect(got.failures).toEqual([])
    expect(got.positions.some((p) => p.includes('/did:plc:x@'))).toBe(true)
  })
})

// A commit's `did` and `rkey` become the post's id, its bsky.app links and the stored position (its DIDs of one
// microsecond, between '/' and ',' and before '@'). The syntax atproto gives them (docs/streams.md#event-identifiers):
// a DID is "did:", a method of lowercase letters, ":" and an identifier of letters, digits and . _ : % -, not ending
// in ':' or '%', at most 2,048 characters; a record key is 1 to 512 of letters, digits and . - _ : ~, and not "." or
// "..". An event that breaks it, sent by a Jetstream on 127.0.0.1 among good ones, is passed over as a message that is
// not an event is: a gap told once a connection, nothing handed on, no deletion, no position naming it.
const commit = (did: string, rkey: string, operation = 'create') =>
  JSON.stringify({
    did,
    time_us: Date.now() * 1000,
    kind: 'commit',
    commit: {
      rev: '3l3qo2vutsw2b',
      operation,
      collection: 'app.bsky.feed.post',
      rkey,
      record: {
        $type: 'app.bsky.feed.post',
        text: 'Looking for a CRM, any advice?',
        createdAt: new Date().toISOString(),
      },
      cid: 'bafyreidfayvfuwqa7qlnopdjiqrxzs6blmoeu4rujcjtnci5beludirz2a',
    },
  })

const BAD_DIDS = [
  'did:plc:abc,did:plc:def',
  'did:plc:abc@evil.example',
  'did:plc:abc/../x',
  'DID:plc:abc',
  'did:PLC:abc',
  'did:plc:',
  'did:plc:abc:',
  'did:plc:abc%',
  'did:plc:<script>',
  `did:plc:${'a'.repeat(2_100)}`,
  'plc:abc',
]
const BAD_RKEYS = ['', '.', '..', 'a/b', '../../evil', 'r k', 'r?x=1', 'r#x', `${'k'.repeat(513)}`, 'rkey\u0000']

describe('Bluesky stream: an event whose did or rkey breaks the atproto syntax', () => {
  test('is passed over as a gap told once, never handed on, deleted or kept in the position', async () => {
    const { jet, got, deleted } = await reader()
    jet.post('The first post.')
    await eventually('the first post', () => got.mentions.length === 1)
    for (const did of BAD_DIDS) jet.sendRaw(commit(did, '3l3qo2vuowo2b'))
    for (const rkey of BAD_RKEYS) jet.sendRaw(commit('did:plc:z72i7hdynmk6r22z27h6tvur', rkey))
    jet.sendRaw(commit('did:plc:bad,one', '3l3qo2vuowo2b', 'delete'))
    jet.sendRaw(commit('did:plc:z72i7hdynmk6r22z27h6tvur', '..', 'delete'))
    // Good ones at the syntax's edges are read: a did:web, %-escapes and colons inside, a record key of 512.
    jet.sendRaw(commit('did:web:example.com%3A8080', 'self'))
    jet.sendRaw(commit('did:plc:z72i7hdynmk6r22z27h6tvur', `a.b-c_d:e~${'k'.repeat(502)}`))
    jet.post('The last post.')
    await eventually('the last post', () => got.mentions.some((m) => m.content === 'The last post.'))
    expect(got.mentions.map((m) => m.id)).toEqual([
      expect.stringMatching(/^bluesky:at:\/\/did:plc:[a-z0-9]+\/app\.bsky\.feed\.post\/\S+$/),
      'bluesky:at://did:web:example.com%3A8080/app.bsky.feed.post/self',
      `bluesky:at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.feed.post/a.b-c_d:e~${'k'.repeat(502)}`,
      expect.stringMatching(/^bluesky:at:\/\/did:plc:[a-z0-9]+\/app\.bsky\.feed\.post\/\S+$/),
    ])
    expect(deleted).toEqual([])
    expect(got.gaps).toEqual([
      `Jetstream at ${new URL(jet.url).host} sent an event whose did or rkey is not atproto's syntax; passed over`,
    ])
    expect(got.failures).toEqual([])
    for (const bad of ['abc', 'evil', 'PLC', 'bad,one', 'aaaaaaaaaa', '<script>'])
      expect(got.positions.filter((p) => p.includes(bad))).toEqual([])
  })

  test('as the first message: an instance all the same, not an address that sends no events', async () => {
    const { jet, got } = await reader()
    jet.sendRaw(commit('did:plc:abc@evil.example', '3l3qo2vuowo2b'))
    jet.post('A post after it.')
    await eventually('the post', () => got.mentions.length === 1)
    expect(got.failures).toEqual([])
    expect(got.gaps).toHaveLength(1)
    expect(jet.clients()).toBe(1)
  })
})

// An event of more than 4 MiB is not decoded: its did and rkey are read from its first bytes (jetstream-message.ts,
// headOf), and were taken when they broke the same syntax ("did:plc:abc:", "did:plc:abc%", the record keys "." and
// ".."), its DID kept in the position. Read from the head, they are checked as a decoded event's are: the one event
// is passed over as a gap told once, and the connection stays open (docs/streams.md#event-identifiers).
const oversize = (did: string, rkey: string) => commit(did, rkey).replace('any advice?', 'x'.repeat(5 * 1024 * 1024))

describe('Bluesky stream: an event too large to decode whose did or rkey breaks the atproto syntax', () => {
  test('is passed over as a gap told once, with the connection kept, and never kept in the position', async () => {
    const { jet, got } = await reader()
    jet.post('The first post.')
    await eventually('the first post', () => got.mentions.length === 1)
    for (const did of ['did:plc:abc:', 'did:plc:abc%']) jet.sendRaw(oversize(did, '3l3qo2vuowo2b'))
    for (const rkey of ['.', '..']) jet.sendRaw(oversize('did:plc:abcrkey', rkey))
    jet.post('The last post.')
    await eventually('the last post', () => got.mentions.some((m) => m.content === 'The last post.'))
    expect(got.gaps).toEqual([
      `Jetstream at ${new URL(jet.url).host} sent an event whose did or rkey is not atproto's syntax; passed over`,
    ])
    expect(got.failures).toEqual([])
    expect(got.positions.filter((p) => p.includes('abc'))).toEqual([])
    expect(jet.connections).toHaveLength(1)
    expect(jet.clients()).toBe(1)
  }, 20_000)
})

import { afterEach, describe, expect, test } from 'bun:test'
import { silentLogger } from '../../support/log'
import { eventually, jetstreamReading } from '../../support/stream-world'

// An event of more than 4 MiB is not decoded: its did and record key are read from its first bytes
// (jetstream-message.ts, headOf) and checked against atproto's syntax as a decoded event's are
// (docs/streams.md#event-identifiers). JSON lets an instance write any character of a string as an escape (`\u002e` is
// '.'), and a broken or hostile one may send a record key longer than atproto's 512. Read as the pattern's plain text,
// an escaped or overlong record key made the commit "no commit": kept in the position and told as an event too large
// to read, and an escaped did ended the connection as a message not read at all. Decoded, each is what the same event
// small enough to decode is: a commit whose did or rkey breaks the syntax is a gap told once and never in the position,
// one whose escapes spell a good did and rkey is read past as any event too large.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

/** A commit of more than 5 MiB whose did and rkey are written into its JSON as given, escapes and all. */
const oversize = (rawDid: string, rawRkey: string) =>
  JSON.stringify({
    did: 'DID',
    time_us: Date.now() * 1000,
    kind: 'commit',
    commit: {
      rev: '3l3qo2vutsw2b',
      operation: 'create',
      collection: 'app.bsky.feed.post',
      rkey: 'RKEY',
      record: { $type: 'app.bsky.feed.post', text: 'x'.repeat(5 * 1024 * 1024), createdAt: new Date().toISOString() },
      cid: 'bafyreidfayvfuwqa7qlnopdjiqrxzs6blmoeu4rujcjtnci5beludirz2a',
    },
  })
    .replace('"DID"', `"${rawDid}"`)
    .replace('"RKEY"', `"${rawRkey}"`)

/** A reader of a fake Jetstream, once it has read a first post. */
async function readingPastAFirstPost() {
  const { jet, got, read } = jetstreamReading(stops, silentLogger)
  void read(null)
  await eventually('the connection', () => jet.clients() === 1)
  jet.post('The first post.')
  await eventually('the first post', () => got.mentions.length === 1)
  return { jet, got }
}

const GOOD_DID = 'did:plc:z72i7hdynmk6r22z27h6tvur'

describe('Bluesky stream: an event too large to decode whose did or rkey is written with JSON escapes or too long', () => {
  test('breaking the syntax once decoded: a gap told once, the connection kept, nothing in the position', async () => {
    const { jet, got } = await readingPastAFirstPost()
    const before = got.positions.length
    // "a/b", ".", a record key of 700 and one of 520 once decoded; a did holding ',' and one too long to be a did.
    for (const rkey of ['a\\u002fb', '\\u002e', 'k'.repeat(700), `${'k'.repeat(500)}${'\\u006b'.repeat(20)}`])
      jet.sendRaw(oversize(GOOD_DID, rkey))
    for (const did of ['did:plc:abc\\u002cdid:plc:def', `did:plc:${'\\u0061'.repeat(2100)}`])
      jet.sendRaw(oversize(did, '3l3qo2vuowo2b'))
    jet.post('The last post.')
    await eventually('the last post', () => got.mentions.some((m) => m.content === 'The last post.'))
    expect(got.failures).toEqual([])
    expect(got.gaps).toEqual([
      `Jetstream at ${new URL(jet.url).host} sent an event whose did or rkey is not atproto's syntax; passed over`,
    ])
    // Only the last post moved the position: none of the ill-named events did.
    expect(got.positions.slice(before)).toHaveLength(1)
    expect(got.positions.filter((p) => /abc|aaaa|def/.test(p))).toEqual([])
    expect(jet.connections).toHaveLength(1)
    expect(jet.clients()).toBe(1)
  }, 30_000)

  test('a good did and rkey once decoded: read past as any event too large, its did in the position', async () => {
    const { jet, got } = await readingPastAFirstPost()
    jet.sendRaw(oversize('did:plc:escaped\\u002eone', '3l3qo2vu\\u002eowo2b'))
    jet.post('The last post.')
    await eventually('the last post', () => got.mentions.some((m) => m.content === 'The last post.'))
    expect(got.failures).toEqual([])
    expect(got.gaps).toEqual([expect.stringMatching(/^passed over an event of more than 4 MiB \(time_us \d+\)$/)])
    expect(got.positions.some((p) => p.includes('did:plc:escaped.one'))).toBe(true)
    expect(jet.clients()).toBe(1)
  }, 30_000)
})

import { afterEach, describe, expect, test } from 'bun:test'
import { createMastodonStream } from '../../../src/platforms/mastodon/stream'
import { testConfig } from '../../support/deps'
import { fakeFediverse, type IdScheme } from '../../support/fake-fediverse'
import { eventually, recordingSink } from '../../support/stream-world'

// Status ids are strings, made from integers on Mastodon but not numbers everywhere (docs.joinmastodon.org/entities/
// Status), to be treated as opaque (docs.joinmastodon.org/api/guidelines): GoToSocial gives ULIDs, Pleroma and
// Akkoma FlakeIds, each sorting as strings in time order. The stream passed over every status of such a server as
// not a status, and a team pointing the Mastodon source at one read nothing (docs/platforms.md#mastodon).
const stops: (() => unknown)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

/** The Mastodon stream of `fedi` read into a recording sink from `from` (null: from now on) until `stop`. */
const reading = (fedi: ReturnType<typeof fakeFediverse>, from: string | null) => {
  const config = testConfig({ platforms: { mastodon: { base_url: fedi.url, access_token: 'tok', mode: 'stream' } } })
  const { got, sink } = recordingSink()
  const stop = new AbortController()
  void createMastodonStream(config.platforms.mastodon).read(from, sink, stop.signal)
  stops.push(() => stop.abort())
  return { got, stop: () => stop.abort() }
}
const texts = (got: ReturnType<typeof recordingSink>['got']) => got.mentions.map((m) => m.content)

const servers: [IdScheme, string][] = [
  ['ulid', 'GoToSocial (ULIDs)'],
  ['flake', 'Pleroma and Akkoma (FlakeIds)'],
]

for (const [scheme, name] of servers)
  describe(`Mastodon stream from a server of ${name}`, () => {
    test('reads its statuses, and after a restart exactly those posted since the position, none twice', async () => {
      const fedi = fakeFediverse(scheme)
      stops.push(fedi.stop)
      fedi.post('Before the stream started.')
      const first = reading(fedi, null)
      await eventually('the connection', () => fedi.clients() === 1)
      fedi.post('Live one.')
      const two = fedi.post('Live two.')
      await eventually('both live statuses', () => first.got.mentions.length === 2)
      expect(texts(first.got)).toEqual(['Live one.', 'Live two.'])
      expect(first.got.positions.at(-1)).toBe(two.id)
      expect(first.got.gaps).toEqual([])
      first.stop()
      await eventually('the connection to close', () => fedi.clients() === 0)
      // Posted while it was stopped: more than a page of 40, so the catch-up reads on from a page's newest.
      const missed = Array.from({ length: 45 }, (_, i) => fedi.post(`Missed ${i}.`))
      const askedBefore = fedi.asked.length
      const second = reading(fedi, two.id)
      await eventually('the connection again', () => fedi.clients() === 1)
      const live = fedi.post('Live three.')
      await eventually('the missed statuses and the live one', () => second.got.mentions.length >= 46)
      await Bun.sleep(300)
      expect(texts(second.got)).toEqual([...missed.map((_, i) => `Missed ${i}.`), 'Live three.'])
      expect(second.got.positions.at(-1)).toBe(live.id)
      expect(second.got.gaps).toEqual([])
      expect(second.got.failures).toEqual([])
      const pages = fedi.asked.slice(askedBefore).map((p) => p.get('min_id'))
      expect(pages.slice(0, 2)).toEqual([two.id, missed[39]?.id ?? ''])
    }, 30_000)

    test('a status whose id is no id at all is passed over and never becomes the position', async () => {
      const fedi = fakeFediverse(scheme)
      stops.push(fedi.stop)
      const { got } = reading(fedi, null)
      await eventually('the connection', () => fedi.clients() === 1)
      const before = fedi.post('Before them.')
      for (const id of ['', 'Z'.repeat(65), `${before.id.slice(0, -1)}\u0001`, 'two words'])
        fedi.sendRaw(`event: update\ndata: ${JSON.stringify({ ...before, id, content: '<p>Bad id.</p>' })}\n\n`)
      const after = fedi.post('After them.')
      await eventually('the status after them', () => got.mentions.some((m) => m.content === 'After them.'))
      expect(texts(got)).toEqual(['Before them.', 'After them.'])
      expect(got.positions.at(-1)).toBe(after.id)
      expect(got.positions.every((p) => p === before.id || p === after.id)).toBe(true)
      expect(got.gaps).toEqual(['mastodon streaming API sent an update that is not a status; passed over'])
    }, 30_000)
  })

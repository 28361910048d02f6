import { afterEach, describe, expect, test } from 'bun:test'
import { forgetPerson } from '../../../src/domain/people/forget'
import { personIdOf } from '../../../src/storage/repos/people-figures'
import { fakeAppView } from '../../support/fake-appview'
import { recordingLogger } from '../../support/log'
import { BUYING, eventually, streamWorld } from '../../support/stream-world'

// Jetstream names authors by DID only; the stream asks their handles of an AppView (a fake answering
// app.bsky.actor.getProfiles as documented, test/support/fake-appview.ts; docs/streams.md#author-names).
const worlds: Awaited<ReturnType<typeof streamWorld>>[] = []
const fakes: ReturnType<typeof fakeAppView>[] = []
afterEach(async () => {
  while (worlds.length) await worlds.pop()?.close()
  while (fakes.length) fakes.pop()?.stop()
})
const setUp = async (names: Parameters<typeof streamWorld>[0] = {}) => {
  const appview = fakeAppView({ 'did:plc:author1': { handle: 'alice.bsky.social', displayName: 'Alice' } })
  fakes.push(appview)
  const rec = recordingLogger()
  const w = await streamWorld({ streams: ['bluesky'], appview: appview.origin, log: rec.log, ...names })
  worlds.push(w)
  w.start()
  await eventually('the reader to connect', () => w.jet.clients() === 1)
  return { w, appview, rec }
}
const rows = async (w: Awaited<ReturnType<typeof streamWorld>>, sql: string) => {
  const read = await w.deps.database.client.execute(sql)
  return read.rows.map((r) => Object.fromEntries(read.columns.map((c) => [c, r[c]])))
}

describe('Bluesky stream: authors by handle', () => {
  test('a matched post is stored, shown and sent with its handle; its links keep the DID', async () => {
    const { w, appview } = await setUp()
    const { uri } = w.jet.post(BUYING(1))
    await eventually('the delivery', () => w.received.length === 1)
    expect(await rows(w, 'select author, url from signals')).toEqual([
      {
        author: 'alice.bsky.social',
        url: `https://bsky.app/profile/did:plc:author1/post/${uri.split('/').pop()}`,
      },
    ])
    expect(JSON.parse(w.received[0]?.body ?? '{}').data.signal.author).toBe('alice.bsky.social')
    expect(await rows(w, 'select author, profile_url from people')).toEqual([
      { author: 'alice.bsky.social', profile_url: 'https://bsky.app/profile/did:plc:author1' },
    ])
    // Only the authors of posts that matched are asked.
    w.jet.post('Lovely weather in Lisbon today.', 'did:plc:other')
    await Bun.sleep(500)
    expect(appview.calls).toEqual([['did:plc:author1']])
  })

  test('an AppView down: every lead stored under its DID, one log line for the outage', async () => {
    const { w, appview, rec } = await setUp()
    appview.down(503)
    for (let i = 0; i < 3; i++) w.jet.post(BUYING(i), `did:plc:down${i}`)
    await eventually('the signals', async () => (await w.signals()).length === 3)
    expect((await rows(w, 'select author from signals order by author')).map((r) => r.author)).toEqual([
      'did:plc:down0',
      'did:plc:down1',
      'did:plc:down2',
    ])
    expect(rec.of('bluesky_names_unavailable').length).toBe(1)
  })

  test('an AppView that does not answer holds a lead a few seconds at most', async () => {
    const { w, appview } = await setUp({ names: { waitMs: 1000 } })
    appview.slow(30_000)
    const started = Date.now()
    w.jet.post(BUYING(1))
    await eventually('the signal', async () => (await w.signals()).length === 1)
    expect(Date.now() - started).toBeLessThan(5000)
    expect(await rows(w, 'select author from signals')).toEqual([{ author: 'did:plc:author1' }])
  })

  test('a person first seen by DID and later by handle is one person, shown by the handle', async () => {
    const { w, appview } = await setUp({ names: { quietMs: 200 } })
    appview.down(503)
    w.jet.post(BUYING(1))
    await eventually('the first signal', async () => (await w.signals()).length === 1)
    expect(await rows(w, 'select author from people')).toEqual([{ author: 'did:plc:author1' }])
    appview.up()
    await Bun.sleep(300)
    w.jet.post(BUYING(2))
    await eventually('the second signal', async () => (await w.signals()).length === 2)
    expect(await rows(w, 'select author from people')).toEqual([{ author: 'alice.bsky.social' }])
    const people = await rows(w, 'select count(distinct person_id) as n from signals')
    expect(people).toEqual([{ n: 1 }])
  })

  test('an author forgotten when the stream named people by DID stays forgotten under the handle', async () => {
    const { w } = await setUp()
    // A person made by name, as the stream made them before it asked handles.
    const old = personIdOf({ teamId: w.team.id, platform: 'bluesky', author: 'did:plc:author1' })
    await w.deps.database.client.execute({
      sql: `insert into people (id, team_id, platform, author, profile_url, created_at)
        values (?, ?, 'bluesky', 'did:plc:author1', '', '2026-01-01T00:00:00.000Z')`,
      args: [old, w.team.id],
    })
    await forgetPerson(w.deps, w.team.id, old)
    w.jet.post(BUYING(1))
    w.jet.post(BUYING(2), 'did:plc:someone')
    await eventually('the other signal', async () => (await w.signals()).length === 1)
    expect(await rows(w, 'select author from signals')).toEqual([{ author: 'did:plc:someone' }])
  })
})

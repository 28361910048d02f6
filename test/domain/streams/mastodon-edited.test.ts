import { afterEach, describe, expect, test } from 'bun:test'
import { addKeywords } from '../../../src/domain/keywords/keywords'
import { seedTeam } from '../../support/deps'
import { fakeMastodon } from '../../support/fake-streams'
import { mastodonStreamWorld } from '../../support/mastodon-world'
import { BUYING, eventually } from '../../support/stream-world'

// docs.joinmastodon.org/methods/streaming: since Mastodon 3.5 the streams send `status.update` with the status as
// edited. An edit is matched as a new status is; a status is signalled once for a team whatever its edits, and an edit
// that no longer matches keeps the signal (docs/streams.md#edited-statuses). The reader passed the event over.
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.()
})

/** The stream running against a fake instance, connected. */
async function connected(before?: Parameters<typeof mastodonStreamWorld>[3]) {
  const masto = fakeMastodon('tok')
  const world = await mastodonStreamWorld(masto, cleanups, '', before)
  await eventually('the stream to connect', () => masto.clients() === 1)
  return { masto, ...world }
}

const urlsOf = (rows: { body: string }[]) => rows.map((r) => JSON.parse(r.body).data.signal.url as string).sort()

describe('Mastodon stream: a status edited upstream', () => {
  test('edited to mention a tracked keyword, it becomes one signal and one delivery', async () => {
    const { masto, receiver, signals } = await connected()
    const status = masto.post('A quiet morning at the harbour.')
    masto.edit(status.id, BUYING(1))
    await eventually('the signal of the edit', async () => (await signals()) === 1)
    await eventually('its delivery', () => receiver.received.length === 1)
    expect(urlsOf(receiver.received)).toEqual([status.url])
  }, 30_000)

  test('a status already signalled is not signalled or delivered again when edited', async () => {
    const { masto, receiver, signals } = await connected()
    const first = masto.post(BUYING(1))
    await eventually('the first signal', async () => (await signals()) === 1)
    await eventually('its delivery', () => receiver.received.length === 1)
    masto.edit(first.id, `${BUYING(1)} Edited: a typo.`)
    // Read after the edit, in order: once it is stored, so is whatever the edit made.
    const second = masto.post(BUYING(2))
    await eventually('the second signal', async () => (await signals()) === 2)
    await eventually('its delivery', () => receiver.received.length >= 2)
    await Bun.sleep(300)
    expect(urlsOf(receiver.received)).toEqual([first.url, second.url].sort())
    expect(await signals()).toBe(2)
  }, 30_000)

  test('an edit while the status still waits to be stored makes one signal', async () => {
    const { masto, receiver, signals } = await connected()
    const status = masto.post(BUYING(1))
    masto.edit(status.id, `${BUYING(1)} Edited at once.`)
    const after = masto.post(BUYING(2))
    await eventually('the signals', async () => (await signals()) === 2)
    await eventually('the deliveries', () => receiver.received.length >= 2)
    await Bun.sleep(300)
    expect(urlsOf(receiver.received)).toEqual([status.url, after.url].sort())
  }, 30_000)

  test('a status and its edit read at once: one signal per team, scored and stored as edited', async () => {
    // A second team, tracking a word only the edit says.
    const { masto, deps, receiver, signals } = await connected(async (deps) => {
      const { team: other } = await seedTeam(deps, { name: 'other', plan: 'scale' })
      await addKeywords(deps, { teamId: other.id, keywords: ['hubspot'] })
    })
    const edited = `${BUYING(1)} Edited: we looked at HubSpot already.`
    // Both events in one chunk: the edit reaches the queue while the status still waits there.
    const status = masto.together(() => {
      const s = masto.post(BUYING(1))
      masto.edit(s.id, edited)
      return s
    })
    await eventually('the signals', async () => (await signals()) === 2)
    await eventually('the deliveries', () => receiver.received.length >= 1)
    await Bun.sleep(300)
    const rows = await deps.database.client.execute('select team_id, url, content_full from signals order by team_id')
    expect(rows.rows.map((r) => String(r.url))).toEqual([status.url, status.url])
    expect(new Set(rows.rows.map((r) => String(r.team_id))).size).toBe(2)
    for (const r of rows.rows) expect(String(r.content_full)).toContain('Edited: we looked at HubSpot already.')
    expect(urlsOf(receiver.received)).toEqual([status.url])
  }, 30_000)

  test('an edit that no longer matches keeps the signal', async () => {
    const { masto, deps, signals } = await connected()
    const status = masto.post(BUYING(1))
    await eventually('the signal', async () => (await signals()) === 1)
    masto.edit(status.id, 'Never mind, sorted.')
    masto.post(BUYING(2))
    await eventually('the next signal', async () => (await signals()) === 2)
    const rows = await deps.database.client.execute('select url from signals order by url')
    expect(rows.rows.map((r) => String(r.url))).toContain(status.url)
  }, 30_000)
})

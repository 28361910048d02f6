import { afterEach, describe, expect, test } from 'bun:test'
import { platformStatus } from '../../../src/domain/sources/status'
import { after, cursorText, handed, instanceOf, parseCursor } from '../../../src/platforms/bluesky/jetstream-cursor'
import { BUYING, eventually, streamWorld } from '../../support/stream-world'

// Jetstream replays from the cursor's own time on: the event whose time_us the stream stored is sent again when it
// starts again (docs/streams.md#resuming). A new runner no longer knew it had handed that event on, so after every
// restart it was read, counted and scored again.
const worlds: Awaited<ReturnType<typeof streamWorld>>[] = []
afterEach(async () => {
  while (worlds.length) await worlds.pop()?.close()
})

describe('Bluesky stream: the event at the stored cursor', () => {
  test('is not read again after a restart, and another event of the same microsecond is not lost', async () => {
    const w = await streamWorld()
    worlds.push(w)
    const figures = async () => {
      const { platforms } = await platformStatus(w.deps, { team: w.team, plan: w.deps.config.plans.scale } as never)
      return platforms.find((p) => p.platform === 'bluesky')?.stream
    }
    let scored = 0
    const { batch } = w.deps.scoring
    w.deps.scoring.batch = (opts) => {
      const scorer = batch(opts)
      return {
        ...scorer,
        scoreMany: (items, signal) => {
          scored += items.length
          return scorer.scoreMany(items, signal)
        },
      }
    }
    w.start()
    await eventually('the reader to connect', () => w.jet.clients() === 1)
    w.jet.post(BUYING(1), 'did:plc:author1')
    // Matched, scored and not qualified: no signal and nothing queued to tell that it was handled.
    const last = w.jet.post('A history of the word crm, from 1990 to today.', 'did:plc:author1')
    await eventually('both read', async () => (await figures())?.readLastHour === 2, 30_000)
    await eventually('the first signal', async () => (await w.signals()).length === 1, 30_000)
    await eventually('the position', async () => (await w.position('bluesky'))?.startsWith(`${last.time_us}/`) === true)
    expect(scored).toBe(2)
    const [first] = await w.signals()
    await w.stop()
    // Posted while stopped, in the same microsecond as the last event stored, by another author.
    w.jet.sameTime()
    const twin = w.jet.post(BUYING(2), 'did:plc:author2')
    expect(twin.time_us).toBe(last.time_us)
    w.start()
    // Waits for what does come: on a loaded host (two cores, other suites beside) the restarted stream took longer
    // than 10 s to store the twin (failed 1 of 1 under load), and once the first two took longer to be read. A twin
    // that is lost never comes.
    await eventually('the twin', async () => (await w.signals()).length === 2, 30_000)
    await eventually('two deliveries', () => w.received.length === 2)
    await Bun.sleep(1500)
    expect((await w.signals()).map((s) => s.postId).sort()).toEqual([first?.postId, `bluesky:${twin.uri}`].sort())
    expect(w.received.length).toBe(2)
    expect(await figures()).toMatchObject({ readLastHour: 3, matchedLastHour: 3 })
    expect(scored).toBe(3)
  }, 120_000)
})

describe('Bluesky stream: the position of one microsecond', () => {
  // An instance that sends thousands of events with one time_us (a broken or hostile mirror) grew the position by a
  // DID each, written to the database every second: it keeps a bounded number, and the rest are read again at worst.
  test('keeps at most 64 DIDs; an event past them counts as not read, never as skipped', () => {
    let at = parseCursor('1000/did:plc:a')
    for (let i = 0; i < 500; i++) at = after(at ?? null, { time_us: 1000, did: `did:plc:${i}` })
    expect(at?.dids?.length).toBe(64)
    expect(cursorText(at as NonNullable<typeof at>).length).toBeLessThan(64 * 20)
    expect(handed(at as NonNullable<typeof at>, { time_us: 1000, did: 'did:plc:a' })).toBe(true)
    expect(handed(at as NonNullable<typeof at>, { time_us: 1000, did: 'did:plc:499' })).toBe(false)
    expect(handed(at as NonNullable<typeof at>, { time_us: 999, did: 'did:plc:499' })).toBe(true)
    expect(parseCursor(cursorText(at as NonNullable<typeof at>))).toEqual(at)
  })

  // docs/streams.md#resuming: the instance whose clock the time is on follows an '@', which no time or DID holds.
  test('names its instance, and reads one stored before it did as no instance', () => {
    const at = after(
      null,
      { time_us: 1000, did: 'did:web:example.com%3A8443' },
      instanceOf('wss://jet.example/subscribe?x=1'),
    )
    expect(cursorText(at)).toBe('1000/did:web:example.com%3A8443@jet.example/subscribe')
    expect(parseCursor(cursorText(at))).toEqual(at)
    expect(parseCursor('1000/did:plc:a')).toEqual({ us: 1000, dids: ['did:plc:a'], by: null })
    expect(parseCursor('1000@')).toBeUndefined()
    // The same time read from another instance is another moment: its DIDs start anew.
    expect(after(at, { time_us: 1000, did: 'did:plc:b' }, 'other/subscribe')).toEqual({
      us: 1000,
      dids: ['did:plc:b'],
      by: 'other/subscribe',
    })
  })
})

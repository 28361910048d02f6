import { afterEach, describe, expect, test } from 'bun:test'
import { readiness } from '../../../src/domain/health/readiness'
import type { StoredOutcome } from '../../../src/storage/repos/polling-types'
import type { manualClock } from '../../support/clock'
import { BUYING, eventually, streamWorld } from '../../support/stream-world'

// docs/streams.md#resuming: GET /readyz named a stream that stopped again within seconds of each start, but one whose
// every start ran longer than a minute before it stopped (a store that hangs each time is given up on after 2
// minutes) was cleared at each start's minute and never named, though it stored nothing for as long as that went on.
const worlds: Awaited<ReturnType<typeof streamWorld>>[] = []
afterEach(async () => {
  while (worlds.length) await worlds.pop()?.close()
})

const RESTARTING = 'the hackernews stream has stopped and started again'

describe('a stream that stops again and again, each start running past its minute', () => {
  test('is named on /readyz 5 minutes after its first stop, until it stores a batch', async () => {
    const w = await streamWorld()
    worlds.push(w)
    const stalls: string[] = []
    const warn = w.deps.log.warn
    w.deps.log.warn = (event, fields) => {
      if (event === 'stream_stalled' && fields?.platform === 'hackernews') stalls.push(String(fields.hung))
      warn(event, fields)
    }
    const clock = w.deps.clock as ReturnType<typeof manualClock>
    const repos = w.deps.repos
    const { store } = repos.polling
    let hanging = false
    repos.polling.store = (outcome: StoredOutcome) =>
      hanging && outcome.stream?.platform === 'hackernews' && outcome.signals.length > 0
        ? new Promise<never>(() => {})
        : store(outcome)
    const named = async () => ((await readiness(w.deps)).degraded ?? []).some((d) => d.startsWith(RESTARTING))
    const before = w.hn.story('Show HN: a weekend project')
    // Each start runs 1.5 s before its batch is given up on, past the 0.3 s that stands for the minute.
    w.start({ stallMs: 1500, settledMs: 300, restartMs: 200 })
    await eventually('the first position', async () => (await w.position('hackernews')) === String(before))
    hanging = true
    const story = w.hn.story(BUYING('hung'))
    await eventually('two stops', () => stalls.length >= 2, 20_000)
    clock.set(new Date(clock.now().getTime() + 6 * 60_000))
    await eventually('a third stop', () => stalls.length >= 3, 20_000)
    expect(await named()).toBe(true)
    // Still named while the next start runs past its minute: it has stored nothing since.
    await Bun.sleep(700)
    expect(await named()).toBe(true)
    hanging = false
    await eventually('the signal stored', async () => (await w.signals()).length === 1, 20_000)
    expect((await w.signals())[0]?.postId).toBe(`hackernews:${story}`)
    await eventually('no longer named', async () => !(await named()), 5000)
  }, 60_000)
})

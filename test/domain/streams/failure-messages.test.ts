import { afterEach, describe, expect, test } from 'bun:test'
import type { Deps } from '../../../src/deps'
import { superviseStreams } from '../../../src/domain/streams/supervise'
import { createHackernewsStream } from '../../../src/platforms/hackernews/stream'
import { createRedditStream } from '../../../src/platforms/reddit/stream'
import type { StreamReader } from '../../../src/platforms/stream'
import { seedTeam, testDeps } from '../../support/deps'
import { redditGate, redditSettings } from '../../support/fake-platforms'
import { fakeUpstream } from '../../support/fake-upstream'
import { silentLogger } from '../../support/log'
import { eventually } from '../../support/stream-world'

// docs/streams.md#source-health: when a stream cannot read upstream, lastError says why. An answer of the wrong shape
// showed only '<platform> stream could not be read'.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

async function lastErrorOf(reader: (deps: Deps) => StreamReader) {
  const { deps } = await testDeps()
  await seedTeam(deps)
  const shutdown = new AbortController()
  const running = superviseStreams(deps as Deps, shutdown.signal, undefined, [reader(deps as Deps)])
  const health = async () => (await deps.repos.platformHealth.list())[0]?.lastError
  try {
    await eventually('the failure in source health', async () => (await health()) != null)
    return await health()
  } finally {
    shutdown.abort()
    await running
  }
}

describe('a stream answered with what it cannot read', () => {
  test('Hacker News: a maxitem that is not an item id', async () => {
    const fake = fakeUpstream(() => Response.json({ error: 'Permission denied' }))
    stops.push(fake.stop)
    const error = await lastErrorOf((deps) =>
      createHackernewsStream({ ...deps.config.platforms.hackernews, stream_url: `${fake.origin}/v0` }),
    )
    expect(error).toBe('hackernews sent a maxitem that is not an item id')
  })

  test('Reddit: an answer that is not a listing', async () => {
    const fake = fakeUpstream((req) => redditGate(req) ?? Response.json({ kind: 'Listing', data: {} }))
    stops.push(fake.stop)
    const error = await lastErrorOf((deps) =>
      createRedditStream(
        { ...deps.config.platforms.reddit, ...redditSettings(fake.origin), stream_url: fake.origin },
        silentLogger,
      ),
    )
    expect(error).toBe('reddit sent a response that is not a listing')
  })
})

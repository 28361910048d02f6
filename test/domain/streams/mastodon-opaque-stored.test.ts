import { afterEach, describe, expect, test } from 'bun:test'
import type { Deps } from '../../../src/deps'
import { addKeywords } from '../../../src/domain/keywords/keywords'
import { superviseStreams } from '../../../src/domain/streams/supervise'
import { seedTeam, testDeps } from '../../support/deps'
import { fakeFediverse, type IdScheme } from '../../support/fake-fediverse'
import { BUYING, eventually } from '../../support/stream-world'

// The stream's position is stored as text (storage/tables/stream-positions.ts): a ULID or a FlakeId is kept as the
// server gave it, and `serve` started again reads on from it (docs/platforms.md#mastodon, docs/streams.md#resuming).
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.()
})

for (const scheme of ['ulid', 'flake'] as IdScheme[])
  describe(`Mastodon stream from a server of ${scheme === 'ulid' ? 'ULIDs' : 'FlakeIds'}, stored`, () => {
    test('stores the status id as the position, and started again signals what was posted meanwhile', async () => {
      const fedi = fakeFediverse(scheme)
      cleanups.push(fedi.stop)
      const mastodon = { base_url: fedi.url, access_token: 'tok', mode: 'stream' as const }
      const off = { mode: 'search' as const }
      const { deps } = await testDeps({
        config: { platforms: { mastodon, hackernews: off, bluesky: off, stackoverflow: off, devto: off } },
      })
      const { team } = await seedTeam(deps, { plan: 'scale' })
      await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
      const start = () => {
        const shutdown = new AbortController()
        const running = superviseStreams(deps as Deps, shutdown.signal)
        return async () => {
          shutdown.abort()
          await running
        }
      }
      const position = async () => (await deps.repos.streamPositions.get('mastodon'))?.position
      const signals = async () =>
        (await deps.database.client.execute('select url from signals order by url')).rows.map((r) => String(r.url))
      const stop = start()
      await eventually('the stream to connect', () => fedi.clients() === 1)
      const first = fedi.post(BUYING(1))
      await eventually('its position stored', async () => (await position()) === first.id)
      await stop()
      await eventually('the stream to stop', () => fedi.clients() === 0)
      const missed = [2, 3, 4].map((n) => fedi.post(BUYING(n)))
      cleanups.push(start())
      await eventually('the statuses posted meanwhile', async () => (await signals()).length === 4, 15_000)
      await eventually('the position to move', async () => (await position()) === missed[2]?.id)
      expect(await signals()).toEqual([first, ...missed].map((s) => s.url).sort())
    }, 30_000)
  })

import type { Deps } from '../../src/deps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { superviseStreams } from '../../src/domain/streams/supervise'
import { createEndpoint } from '../../src/domain/webhooks/endpoints'
import { startDeliveryWorker } from '../../src/jobs/webhook-delivery'
import { createMastodonStream } from '../../src/platforms/mastodon/stream'
import { streamReaders, webUrlsOnly } from '../../src/platforms/streams'
import { seedTeam, testDeps } from './deps'
import type { fakeMastodon } from './fake-streams'
import { fakeUpstream } from './fake-upstream'
import { endpointInput } from './webhooks'

/**
 * A team tracking "crm" with a webhook, and the Mastodon stream running against `masto`; what it starts is stopped
 * by `cleanups` (run them after each test). `before` runs before the stream starts (another team, say, which the
 * stream then reads from the start). `streamTransport`: `stream_transport`. `pace`: the stream's
 * (createMastodonStream's), as served when not given.
 */
export async function mastodonStreamWorld(
  masto: ReturnType<typeof fakeMastodon>,
  cleanups: (() => unknown)[],
  streamUrl = '',
  before?: (deps: Deps) => Promise<unknown>,
  streamTransport: 'auto' | 'sse' | 'websocket' = 'auto',
  pace?: Parameters<typeof createMastodonStream>[2],
) {
  const receiver = fakeUpstream(() => new Response('ok'))
  cleanups.push(masto.stop, receiver.stop)
  const { deps, clock } = await testDeps({
    config: {
      webhooks: { allow_private_targets: true },
      platforms: {
        mastodon: {
          base_url: masto.url,
          access_token: 'tok',
          mode: 'stream',
          stream_url: streamUrl,
          stream_transport: streamTransport,
        },
        hackernews: { mode: 'search' },
        bluesky: { mode: 'search' },
        stackoverflow: { mode: 'search' },
        devto: { mode: 'search' },
      },
    },
  })
  const { team } = await seedTeam(deps, { plan: 'scale' })
  await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
  await createEndpoint(deps, { teamId: team.id, input: endpointInput(`${receiver.origin}/hook`) })
  await before?.(deps as Deps)
  const shutdown = new AbortController()
  const readers = streamReaders(deps.config, deps.log).map((r) =>
    r.platform === 'mastodon' && pace
      ? webUrlsOnly(createMastodonStream(deps.config.platforms.mastodon, undefined, pace), deps.log)
      : r,
  )
  const running = superviseStreams(deps as Deps, shutdown.signal, undefined, readers)
  const delivery = startDeliveryWorker(deps)
  cleanups.push(async () => {
    shutdown.abort()
    await Promise.all([running, delivery.stop()])
  })
  const signals = async () =>
    Number((await deps.database.client.execute('select count(*) as n from signals')).rows[0]?.n)
  return { deps, receiver, signals, clock }
}

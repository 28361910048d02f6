import { describe, expect, test } from 'bun:test'
import { addKeywords } from '../../../src/domain/keywords/keywords'
import { pollTargets } from '../../../src/domain/polling/targets'
import { streamedPlatforms } from '../../../src/domain/streams/supervise'
import { startStreams } from '../../../src/jobs/streams'
import { silentLogger } from '../../support/log'
import { seedTeam, testConfig, testDeps } from '../../support/deps'

// docs/streams.md#which-platforms-stream: what streams by default, and that serve's passes leave it to the stream.
describe('stream modes', () => {
  test('a new install streams Hacker News, Bluesky, Stack Overflow and dev.to; Mastodon and Reddit only when asked and able', () => {
    expect([...streamedPlatforms(testConfig(), silentLogger)].sort()).toEqual([
      'bluesky',
      'devto',
      'hackernews',
      'stackoverflow',
    ])
    const asked = testConfig({
      platforms: { hackernews: { mode: 'search' }, mastodon: { mode: 'stream' }, reddit: { mode: 'stream' } },
    })
    // Mastodon without a token and Reddit without an app cannot stream: they stay searched.
    expect([...streamedPlatforms(asked, silentLogger)].sort()).toEqual(['bluesky', 'devto', 'stackoverflow'])
    const able = testConfig({
      platforms: { mastodon: { mode: 'stream', access_token: 'tok', base_url: 'https://fosstodon.example' } },
    })
    expect(streamedPlatforms(able, silentLogger).has('mastodon')).toBe(true)
  })

  test('a scheduled pass does not search a streamed platform; poll --once (no skip) still does', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps, { plan: 'scale' })
    await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
    const all = (await pollTargets(deps)).map((t) => t.platform)
    const scheduled = (await pollTargets(deps, undefined, streamedPlatforms(deps.config, silentLogger))).map(
      (t) => t.platform,
    )
    expect(all).toContain('hackernews')
    expect(scheduled).not.toContain('hackernews')
    expect(scheduled).not.toContain('devto')
    expect(scheduled).toEqual(all.filter((p) => !['hackernews', 'bluesky', 'stackoverflow', 'devto'].includes(p)))
    deps.database.client.close()
  })
})

describe('a stream asked for that cannot run', () => {
  test('serve says which setting it needs instead of leaving it out without a word', async () => {
    const lines: { event: string; fields: Record<string, unknown> }[] = []
    const log = {
      info() {},
      warn: (event: string, fields: Record<string, unknown> = {}) => lines.push({ event, fields }),
      error() {},
    }
    const { deps } = await testDeps({
      config: {
        platforms: {
          hackernews: { mode: 'search' },
          bluesky: { mode: 'search' },
          stackoverflow: { mode: 'search' },
          devto: { mode: 'search' },
          mastodon: { mode: 'stream' },
          reddit: { mode: 'stream' },
        },
      },
      deps: { log },
    })
    const streams = startStreams(deps)
    await streams.stop()
    deps.database.client.close()
    expect(lines.filter((l) => l.event === 'stream_not_started').map((l) => l.fields)).toEqual([
      {
        platform: 'mastodon',
        reason: 'mode = "stream" needs access_token; without it the mastodon stream does not run (docs/streams.md)',
      },
      {
        platform: 'reddit',
        reason:
          'mode = "stream" needs an approved app (client_id and client_secret); without it the reddit stream does not run (docs/streams.md)',
      },
    ])
  })
})

import { describe, expect, test } from 'bun:test'
import { addKeywords } from '../../../src/domain/keywords/keywords'
import { pollTargets } from '../../../src/domain/polling/targets'
import { streamedPlatforms } from '../../../src/domain/streams/supervise'
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

import { describe, expect, test } from 'bun:test'
import { checkPlatforms } from '../../../src/domain/sources/check'
import { platformStatus } from '../../../src/domain/sources/status'
import { seedTeam, testDeps } from '../../support/deps'

// docs/platforms.md#reddit: GET /api/v1/platforms (and the console) told a new install to set Reddit's provider, actor
// and token, while `platforms check` led with client_id, client_secret, app_id and username, which Reddit no longer
// hands out without approval: the same condition, two different pieces of advice.
describe('the settings an unconfigured platform needs', () => {
  test('platforms check names exactly the keys and variables GET /api/v1/platforms lists, Reddit first among them', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps, { plan: 'scale' })
    const caller = { team, plan: deps.config.plans.scale! }
    const listed = new Map((await platformStatus(deps, caller)).platforms.map((p) => [p.platform, p.missingSettings]))
    const checked = (await checkPlatforms(deps)).filter((r) => r.status === 'not_configured')
    expect(checked.map((r) => r.platform)).toContain('reddit')
    for (const r of checked) {
      const settings = listed.get(r.platform) ?? []
      const names = settings.map((s) => s.key.split('.').at(-1))
      expect(r.detail).toStartWith(`needs ${names.join(', ')} `)
      for (const s of settings) expect(r.detail).toContain(s.env)
    }
    const reddit = checked.find((r) => r.platform === 'reddit')!
    // Reddit's own API stays named, as the second path, with the way to ask for its approval.
    expect(reddit.detail).toContain('provider = "apify"')
    expect(reddit.detail).toContain('client_id, client_secret, app_id and username')
    expect(reddit.detail).toContain('Reddit closed self-service API access in November 2025')
    deps.database.client.close()
  })
})

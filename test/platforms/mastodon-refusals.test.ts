// What the Mastodon connector makes of an instance's refusals and silences (a bad token, a missing read:search
// scope, 429 and X-RateLimit-Remaining, a slow answer), and which instance a token belongs to.
import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { fakesPerTest } from '../support/fake-upstream'
import { mastodonRateLimited, mastodonTokenGate } from '../support/platform-rules'
import { resetIn } from '../support/reset-headers'
import { isConfigured, requiredSettings } from '../../src/platforms/configured'
import { expectSpentLimitHeld } from '../support/spent-limit'
import { connector, status, answer } from './mastodon-fake'

const fake = fakesPerTest()

describe('mastodon connector: when an instance refuses or is slow', () => {
  test('a 401 for a bad token is an upstream_error that does not carry the token', async () => {
    const m = fake(() => Response.json({ error: 'The access token is invalid' }, { status: 401 }))
    const err = await connector(m.origin)
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error' })
    expect(err.message).not.toContain('tok-123')
  })

  // The search needs a token with read:search (docs.joinmastodon.org/methods/search, api/oauth-scopes); an instance
  // answers a token of its own without that scope 403, its `error` naming the scopes.
  test('a 403 for a token without read:search names the scope and the setting to fix', async () => {
    const m = fake(() => Response.json({ error: 'This action is outside the authorized scopes' }, { status: 403 }))
    const err = await connector(m.origin)
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', status: 403, refusedCredentials: true })
    expect(err.message).toContain('lacks a scope it needs (read:search')
    expect(err.message).toContain('LEAD_SIGNALS_PLATFORMS_MASTODON_ACCESS_TOKEN')
    expect(err.message).not.toContain('tok-123')
  })

  test('a 429 is a rate limit until the ISO 8601 date of X-RateLimit-Reset', async () => {
    const m = fake(() => mastodonRateLimited(300))
    const err = await connector(m.origin)
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error' })
    expect(err.extra.retryAfterSec).toBeGreaterThanOrEqual(299)
    expect(err.extra.retryAfterSec).toBeLessThanOrEqual(300)
  })
  test('a page whose X-RateLimit-Remaining says none is left ends the search with what it found, and the next is refused unsent until X-RateLimit-Reset', async () => {
    // docs.joinmastodon.org, "Rate limits": every answer carries X-RateLimit-Limit, -Remaining and -Reset (an ISO
    // 8601 date); past the limit, 429.
    const reset = resetIn('x-ratelimit-reset', 240, true)
    let used = 0
    const m = fake(({ url }) => {
      if (used >= 2) return mastodonRateLimited(240)
      used++
      const offset = Number(url.searchParams.get('offset') ?? 0)
      const statuses = Array.from({ length: 40 }, (_, i) => status(1000 - offset - i))
      const headers = {
        'x-ratelimit-limit': '2',
        'x-ratelimit-remaining': String(2 - used),
        ...reset,
      }
      return Response.json({ accounts: [], statuses, hashtags: [] }, { headers })
    })
    await expectSpentLimitHeld(connector(m.origin), {
      limit: 120,
      found: 80,
      resetInSec: 240,
      sent: () => m.received.length,
    })
  })

  test('a slow answer is an upstream_timeout', async () => {
    const m = fake(async () => {
      await Bun.sleep(400)
      return answer([])
    })
    await expect(
      connector(m.origin, { LEAD_SIGNALS_PLATFORMS_MASTODON_TIMEOUT_MS: '100' }).search('crm', 5),
    ).rejects.toMatchObject({ kind: 'upstream_timeout' })
  })
})

describe('the instance of a token (docs/platforms.md#mastodon)', () => {
  test('an access_token without base_url is a configuration error naming base_url, not a search on mastodon.social', () => {
    expect(() => loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_MASTODON_ACCESS_TOKEN: 'tok-from-fosstodon' } })).toThrow(
      'config: platforms.mastodon.base_url: required with access_token',
    )
    const none = loadConfig({ env: {} })
    expect(none.platforms.mastodon.base_url).toBeUndefined()
    expect(isConfigured(none, 'mastodon')).toBe(false)
    expect(requiredSettings('mastodon')).toEqual(['base_url', 'access_token'])
  })

  test('an instance refuses a token it did not issue with 401, as Mastodon answers an unknown token', async () => {
    const instance = fake((req) => mastodonTokenGate(req, 'tok-issued-here') ?? Response.json({ statuses: [] }))
    expect(
      await connector(instance.origin, { LEAD_SIGNALS_PLATFORMS_MASTODON_ACCESS_TOKEN: 'tok-issued-here' }).search(
        'crm',
        5,
      ),
    ).toEqual([])
    await expect(connector(instance.origin).search('crm', 5)).rejects.toMatchObject({
      kind: 'upstream_error',
      status: 401,
    })
  })
})

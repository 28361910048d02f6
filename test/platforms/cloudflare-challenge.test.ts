import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createMediumConnector } from '../../src/platforms/medium/connector'
import { fakesPerTest } from '../support/fake-upstream'

// A fake medium.com behind Cloudflare that challenges this server: Cloudflare's challenge page, whatever its kind,
// carries `cf-mitigated: challenge` (developers.cloudflare.com, "Detect a Challenge Page response"), here with the
// 403 and the "Just a moment..." page a client without a browser gets (docs/platforms.md#rate-limits).
const fake = fakesPerTest()
const challenged = () =>
  new Response('<!DOCTYPE html><html><head><title>Just a moment...</title></head><body></body></html>', {
    status: 403,
    headers: { 'content-type': 'text/html; charset=UTF-8', 'cf-mitigated': 'challenge', server: 'cloudflare' },
  })

describe('a Cloudflare challenge in front of a platform', () => {
  test('is named as the browser check it is, not as refused credentials (Medium has none)', async () => {
    const medium = fake(challenged)
    const err = await createMediumConnector(
      loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_MEDIUM_BASE_URL: medium.origin } }).platforms.medium,
      createLogger(() => {}),
    )
      .search('crm', 10)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', status: 403, refusedCredentials: false })
    expect(err.message).toBe(
      "medium answered with Cloudflare's browser check (403, cf-mitigated: challenge), which a server cannot pass: the site's protection refused this server's address or requests, not its credentials",
    )
  })
})

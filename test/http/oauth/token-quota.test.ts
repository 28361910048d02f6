// docs/api.md#authentication: an OAuth access token is charged from the team's quota exactly as its keys are.
import { afterEach, describe, expect, test } from 'bun:test'
import { bearer, oauthWorld, obtainTokens } from '../../support/oauth'

let stop: (() => void) | undefined
afterEach(() => stop?.())

const SCORE_BODY = JSON.stringify({ content: 'we are looking for a crm tool, any recommendations?' })

describe('the quota with an OAuth token (docs/api.md#reserve-and-give-back)', () => {
  test("a token's counted calls and a key's spend one quota: with R left and 4×R at once, exactly R succeed", async () => {
    const R = 6
    const w = await oauthWorld({
      config: { scorer: { backend: 'rules' }, plans: { six: { monthly_requests: R, platforms: [] } } },
      plan: 'six',
    })
    stop = w.stop
    const tokens = await obtainTokens(w)
    const score = (headers: Record<string, string>) =>
      fetch(`${w.base}/api/v1/leads/score`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: SCORE_BODY,
      })
    const calls = Array.from({ length: 4 * R }, (_, i) =>
      score(i % 2 ? bearer(tokens.access_token) : { 'x-api-key': w.apiKey }),
    )
    const answers = await Promise.all(calls)
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(R)
    expect(statuses.filter((s) => s === 429)).toHaveLength(3 * R)
    const refused = answers.find((r) => r.status === 429)
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0)
    // The usage report, read with either credential, tells the same R.
    for (const headers of [bearer(tokens.access_token), { 'x-api-key': w.apiKey }]) {
      const report = (await (await fetch(`${w.base}/api/v1/usage`, { headers })).json()) as any
      expect(report.usage).toMatchObject({ used: R, limit: R, remaining: 0 })
    }
  })
})

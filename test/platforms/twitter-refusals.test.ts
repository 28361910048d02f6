import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createTwitterConnector } from '../../src/platforms/twitter/connector'
import { fakesPerTest } from '../support/fake-upstream'

// How X says no beyond its rate limits, as a fake X API v2 answers (docs/platforms.md#twitter cites the sources):
// the problem JSON of docs.x.com's "Response codes and errors" (type, title, detail), and the 402 of a pay-per-use
// account whose credits are spent.
const fake = fakesPerTest()

const connector = (origin: string) =>
  createTwitterConnector(
    loadConfig({
      env: {
        LEAD_SIGNALS_PLATFORMS_TWITTER_BASE_URL: origin,
        LEAD_SIGNALS_PLATFORMS_TWITTER_BEARER_TOKEN: 'AAAA-bearer',
      },
    }).platforms.twitter,
    createLogger(() => {}),
  )

describe('twitter connector: refusals X explains', () => {
  // Pay-per-use bills credits bought in advance; once they are spent, X answers 402 Payment Required titled
  // CreditsDepleted to every call, until credits are bought. Sending again at each poll only repeats the refusal.
  test('a 402 CreditsDepleted says the credits are spent and holds the searches an hour, not every poll', async () => {
    const x = fake(() =>
      Response.json(
        {
          title: 'CreditsDepleted',
          detail: 'Your enrolled account [1234567890] does not have any credits to fulfill this request.',
          type: 'https://api.twitter.com/2/problems/credits',
        },
        { status: 402 },
      ),
    )
    const twitter = connector(x.origin)
    const err = await twitter.search('crm', 10).catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', extra: { retryAfterSec: 3600 } })
    expect(err.message).toBe(
      "twitter: X's credits are spent (402 CreditsDepleted); retry after 3600 s. Buy credits in the X developer console",
    )
    expect(err.message).not.toContain('1234567890')
    const again = await twitter.search('crm', 10).catch((e) => e)
    expect(again).toMatchObject({ kind: 'platform_budget_exhausted' })
    expect(x.received.length).toBe(1)
  })
})

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

/** The error a search meets when X answers `status` with `body`. */
async function refusalOf(status: number, body: unknown) {
  const x = fake(() => Response.json(body, { status }))
  return connector(x.origin)
    .search('crm', 10)
    .catch((e) => e)
}

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

  // A 403 with a client-forbidden problem: the token is X's, but its app cannot call v2 (docs.x.com, Response codes
  // and errors: "App not enrolled or lacks required access"); reason client-not-enrolled, an app outside a project.
  test('a 403 client-forbidden names the problem and what to change, as refused credentials', async () => {
    const err = await refusalOf(403, {
      client_id: '9876543',
      detail:
        'When authenticating requests to the v2 endpoints, you must use keys and tokens from an App attached to a Project.',
      reason: 'client-not-enrolled',
      title: 'Client Forbidden',
      required_enrollment: 'Appropriate Level of API Access',
      type: 'https://api.twitter.com/2/problems/client-forbidden',
    })
    expect(err).toMatchObject({ kind: 'upstream_error', status: 403, refusedCredentials: true })
    expect(err.message).toBe(
      'twitter refused the bearer_token (403 client-forbidden, client-not-enrolled): use the bearer token of an app in a project with X API access (the X developer console)',
    )
  })

  // A 400 invalid-request: X could not take the search as sent (docs.x.com: "Malformed request or invalid parameters").
  test('a 400 invalid-request names the problem rather than the bare status', async () => {
    const err = await refusalOf(400, {
      errors: [{ parameters: { query: ['(crm) -is:retweet'] }, message: 'There were errors processing your request' }],
      title: 'Invalid Request',
      detail: 'One or more parameters to your request was invalid.',
      type: 'https://api.twitter.com/2/problems/invalid-request',
    })
    expect(err).toMatchObject({ kind: 'upstream_error', status: 400, refusedCredentials: false })
    expect(err.message).toBe('twitter answered with status 400 (invalid-request)')
  })
})

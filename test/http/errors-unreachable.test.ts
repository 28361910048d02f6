// docs/api.md#error-codes: a platform that could not be reached answered 502 "hackernews could not be reached" and no
// more: a Swagger user had no reason and nothing to check. The answer now says what kind of failure it was, in words
// that name nothing of this server's network (no host, address or port), and where the operator sees the details.
import { expect, test } from 'bun:test'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { expectError } from '../support/api-errors'
import { REFUSED_ORIGIN } from '../support/refused'

const searchWith = async (baseUrl: string) => {
  const { deps } = await testDeps({ config: { platforms: { hackernews: { base_url: baseUrl, mode: 'search' } } } })
  const { apiKey } = await seedTeam(deps)
  const body = { keyword: 'crm', platform: 'hackernews' }
  return client(deps)('POST', '/api/v1/mentions/search', { key: apiKey, body })
}

test('a refused connection: 502 upstream_error saying so, and where the operator looks', async () => {
  const r = await searchWith(REFUSED_ORIGIN)
  expectError(r, 502, 'upstream_error')
  expect(r.body.error.message).toBe(
    'hackernews could not be reached: nothing accepted the connection at its address; the operator sees the details in `lead-signals platforms check`',
  )
})

test('a name that does not resolve (RFC 6761: .invalid never does): said without the name', async () => {
  const r = await searchWith('http://hn.nowhere.invalid')
  expectError(r, 502, 'upstream_error')
  expect(r.body.error.message).toBe(
    'hackernews could not be reached: its address does not resolve from this server; the operator sees the details in `lead-signals platforms check`',
  )
  expect(r.body.error.message).not.toContain('nowhere')
})

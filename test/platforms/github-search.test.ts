// What the GitHub connector asks of GitHub's REST search (/search/issues): the path, the API headers, the token
// when one is set, and a keyword query written in GitHub's qualifiers.
import { describe, expect, test } from 'bun:test'
import { fakesPerTest } from '../support/fake-upstream'
import { connector, page } from './github-fake'

const fake = fakesPerTest()

describe("github connector asks GitHub's search (docs/platforms.md#github)", () => {
  test('asks /search/issues for the newest issues with the API headers and the token', async () => {
    const gh = fake(() => page([]))
    await connector(gh.origin, { LEAD_SIGNALS_PLATFORMS_GITHUB_TOKEN: 'ghp_secret' }).search('crm tool', 7)
    expect(gh.received).toHaveLength(1)
    const [req] = gh.received
    expect(req.method).toBe('GET')
    expect(req.url.pathname).toBe('/search/issues')
    expect(Object.fromEntries(req.url.searchParams)).toEqual({
      q: 'crm tool is:issue',
      sort: 'created',
      order: 'desc',
      per_page: '7',
      page: '1',
    })
    expect(req.headers.get('accept')).toBe('application/vnd.github+json')
    expect(req.headers.get('x-github-api-version')).toBe('2022-11-28')
    expect(req.headers.get('authorization')).toBe('Bearer ghp_secret')
    expect(req.headers.get('user-agent')).toContain('lead-signals')
  })

  test('a keyword query goes in GitHub qualifiers (docs/queries.md#per-platform)', async () => {
    const gh = fake(() => page([]))
    await connector(gh.origin).search('(crm OR erp) -"pull request" site:acme/app -author:bot', 7)
    expect(gh.received[0].url.searchParams.get('q')).toBe(
      '(crm OR erp) NOT "pull request" repo:acme/app -author:bot is:issue',
    )
  })

  test('sends no Authorization header when no token is configured', async () => {
    const gh = fake(() => page([]))
    await connector(gh.origin).search('crm', 5)
    expect(gh.received[0].headers.has('authorization')).toBe(false)
  })
})

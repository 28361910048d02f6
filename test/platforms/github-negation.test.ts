import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createGithubConnector } from '../../src/platforms/github/connector'
import { githubQuery } from '../../src/query/platform-queries'
import { fakesPerTest } from '../support/fake-upstream'
import { silentLogger } from '../support/log'
import { githubQueryRefused } from '../support/platform-rules'

// A fake GitHub /search/issues that keeps to GitHub's search syntax (docs/platforms.md#keyword-queries): NOT "can
// only be used for string keywords", so a NOT before a group is refused as invalid syntax (422); NOT word leaves out
// the issues that say it.
const fake = fakesPerTest()
const ISSUES = ['Looking for a CRM', 'A free CRM that works', 'The cheap CRM we tried'].map((title, i) => ({
  id: 2900000001 + i,
  title,
  body: null,
  html_url: `https://github.com/acme/app/issues/${i + 1}`,
  user: { login: 'octo', html_url: 'https://github.com/octo' },
  created_at: '2026-03-01T12:00:00Z',
}))
const search = async (keyword: string) => {
  const gh = fake(({ url }) => {
    const q = url.searchParams.get('q') ?? ''
    if (/\bNOT \(/.test(q)) return githubQueryRefused('syntax')
    const excluded = [...q.matchAll(/\bNOT (\w+)/g)].map((m) => m[1])
    const items = ISSUES.filter((i) => !excluded.some((w) => i.title.toLowerCase().includes(w)))
    return Response.json({ total_count: items.length, incomplete_results: false, items })
  })
  const github = createGithubConnector(
    loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_GITHUB_BASE_URL: gh.origin } }).platforms.github,
    silentLogger,
  )
  return (await github.search(keyword, 10)).map((m) => m.id)
}

describe('GitHub: NOT only before a word or phrase, as its search syntax takes it', () => {
  test('-(cheap OR free) is sent as NOT cheap NOT free, the same exclusion', async () => {
    expect(githubQuery('crm -(cheap OR free)')).toBe('crm NOT cheap NOT free')
    expect(await search('crm -(cheap OR free)')).toEqual(['github:2900000001'])
  })

  test('an excluded group of words is left to our matching; an excluded phrase is still sent', async () => {
    expect(githubQuery('crm -(free trial)')).toBe('crm')
    expect(await search('crm -(free trial)')).toHaveLength(3)
    expect(githubQuery('crm -"free trial" -author:bot')).toBe('crm NOT "free trial" -author:bot')
  })
})

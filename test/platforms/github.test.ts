import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createGithubConnector } from '../../src/platforms/github/connector'
import { fakesPerTest, longText } from '../support/fake-upstream'
import { HTML_BODIES } from '../support/html-bodies'
import { githubLimitSpent, githubQueryRefused, githubSecondaryLimit } from '../support/platform-rules'
import { AS_SENT } from '../../src/mention'

// A fake GitHub REST API answering /search/issues in the documented shape (total_count, incomplete_results, items).
const fake = fakesPerTest()

const connector = (origin: string, env: Record<string, string> = {}, lines: string[] = []) =>
  createGithubConnector(
    loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_GITHUB_BASE_URL: origin, ...env } }).platforms.github,
    createLogger((l) => lines.push(l)),
  )

const issue = (n: number, extra: Record<string, unknown> = {}) => ({
  id: 2900000000 + n,
  number: n,
  node_id: `I_${n}`,
  title: `Looking for a CRM #${n}`,
  body: `Body ${n}`,
  html_url: `https://github.com/acme/app/issues/${n}`,
  repository_url: 'https://api.github.com/repos/acme/app',
  user: { login: 'octo', id: 1, html_url: 'https://github.com/octo', type: 'User' },
  state: 'open',
  comments: 4,
  created_at: '2026-03-01T12:00:00Z',
  updated_at: '2026-03-02T08:00:00Z',
  reactions: { url: 'https://api.github.com/repos/acme/app/issues/1/reactions', total_count: 7, '+1': 5, heart: 2 },
  score: 1,
  ...extra,
})
const page = (items: unknown[]) => Response.json({ total_count: items.length, incomplete_results: false, items })

describe('github connector against a fake REST search API', () => {
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

  test('maps issues to mentions: title and whole body as text, reactions as likes, and 0 or fallbacks where fields are missing', async () => {
    const body = longText()
    expect(body.length).toBeGreaterThan(5000)
    const gh = fake(() =>
      page([
        issue(1, { body: `${body}\n\n${HTML_BODIES.github.markdown}` }),
        issue(2, {
          body: null,
          user: null,
          reactions: undefined,
          comments: undefined,
          created_at: '2026-02-28T23:59:59+02:00',
        }),
      ]),
    )
    const mentions = await connector(gh.origin).search('crm', 10)
    expect(mentions[0]).toEqual({
      id: 'github:2900000001',
      author: 'octo',
      platform: 'github',
      title: 'Looking for a CRM #1',
      // Markdown keeps its lines; the template's HTML comment and tags go, entities are decoded.
      content: `Looking for a CRM #1\n\n${body.trimEnd()}\n\n${HTML_BODIES.github.text}`,
      // docs/platforms.md#as-sent: the raw search's text, the title and the Markdown as sent.
      [AS_SENT]: ['Looking for a CRM #1', `${body}\n\n${HTML_BODIES.github.markdown}`],
      url: 'https://github.com/acme/app/issues/1',
      profileUrl: 'https://github.com/octo',
      date: '2026-03-01T12:00:00.000Z',
      engagement: { likes: 7, comments: 4, shares: 0 },
    })
    expect(mentions[1]).toMatchObject({
      id: 'github:2900000002',
      // GitHub's account for every deleted one: no one's name, so no person (docs/people.md#who-is-a-person).
      author: 'ghost',
      authorKnown: false,
      content: 'Looking for a CRM #2',
      profileUrl: 'https://github.com/ghost',
      date: '2026-02-28T21:59:59.000Z',
      engagement: { likes: 0, comments: 0, shares: 0 },
    })
  })

  test("GitHub's own `ghost` account, as it names a deleted author, is a stand-in too; `octo` is not", async () => {
    const ghost = { login: 'ghost', html_url: 'https://github.com/ghost' }
    const gh = fake(() => page([issue(1), issue(2, { user: ghost })]))
    const mentions = await connector(gh.origin).search('crm', 10)
    expect(mentions.map((m) => [m.author, m.authorKnown, m.profileUrl])).toEqual([
      ['octo', undefined, 'https://github.com/octo'],
      ['ghost', false, 'https://github.com/ghost'],
    ])
  })

  // A search is charged its pages before it is sent and reads no page more (docs/platforms.md#budgets): a page short
  // of what was asked for (removed or malformed items) ends it with fewer than `limit`; a larger limit reads on.
  test('malformed items on the first page: the next page is read only within the pages the search was charged', async () => {
    const gh = fake(({ url }) => {
      const p = Number(url.searchParams.get('page'))
      const per = Number(url.searchParams.get('per_page'))
      const items = Array.from({ length: per }, (_, i) => issue((p - 1) * per + i + 1))
      if (p === 1) items[3] = { id: 'not a number' } as never
      if (p === 1) items[9] = { ...issue(10), html_url: undefined } as never
      return page(items)
    })
    expect(await connector(gh.origin).search('crm', 50)).toHaveLength(48)
    expect(gh.received).toHaveLength(1)
    const mentions = await connector(gh.origin).search('crm', 150)
    expect(gh.received.slice(1).map((r) => r.url.searchParams.get('page'))).toEqual(['1', '2'])
    expect(gh.received.slice(1).every((r) => r.url.searchParams.get('per_page') === '100')).toBe(true)
    expect(mentions).toHaveLength(150)
    expect(new Set(mentions.map((m) => m.id)).size).toBe(150)
    expect(mentions.at(-1)!.id).toBe('github:2900000152')
  })

  test('stops after a short page: GitHub has no more', async () => {
    const gh = fake(() => page([issue(1), issue(2), issue(3)]))
    const mentions = await connector(gh.origin).search('crm', 50)
    expect(gh.received).toHaveLength(1)
    expect(mentions).toHaveLength(3)
  })

  test('skips and logs a malformed item', async () => {
    const lines: string[] = []
    const gh = fake(() => page([{ id: 1, title: null }, issue(2)]))
    const mentions = await connector(gh.origin, {}, lines).search('crm', 10)
    expect(mentions.map((m) => m.id)).toEqual(['github:2900000002'])
    expect(lines.some((l) => JSON.parse(l).event === 'platform_item_skipped')).toBe(true)
  })

  test('an answer without an items list is an upstream_error', async () => {
    const gh = fake(() => Response.json({ message: 'Validation Failed', total_count: 0 }))
    await expect(connector(gh.origin).search('crm', 5)).rejects.toMatchObject({ kind: 'upstream_error' })
  })

  test('a spent limit (403, x-ratelimit-remaining: 0) is a rate limit until x-ratelimit-reset, naming neither the URL nor the token', async () => {
    const gh = fake(() => githubLimitSpent(600))
    const err = await connector(gh.origin, { LEAD_SIGNALS_PLATFORMS_GITHUB_TOKEN: 'ghp_secret' })
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', status: 403 })
    expect(err.extra.retryAfterSec).toBeGreaterThanOrEqual(598)
    expect(err.extra.retryAfterSec).toBeLessThanOrEqual(600)
    expect(err.message).toStartWith('github is rate limited (403, no requests remaining); retry after')
    expect(err.message).not.toContain('ghp_secret')
    expect(err.message).not.toContain(gh.origin)
  })

  test('a secondary limit (403 with its message) waits for retry-after, or a minute without one', async () => {
    let retryAfter: number | undefined = 90
    const gh = fake(() => githubSecondaryLimit(retryAfter))
    expect(
      await connector(gh.origin)
        .search('crm', 5)
        .catch((e) => e.extra.retryAfterSec),
    ).toBe(90)
    retryAfter = undefined
    // Another connector (other pauses): the first holds its token for the 90 s, unsent.
    expect(
      await connector(gh.origin)
        .search('crm', 5)
        .catch((e) => e.extra.retryAfterSec),
    ).toBe(60)
  })

  test('a 403 that is not a limit (a private repository) is a plain upstream_error without a wait', async () => {
    const gh = fake(() =>
      Response.json(
        { message: 'Resource not accessible' },
        { status: 403, headers: { 'x-ratelimit-remaining': '25' } },
      ),
    )
    const err = await connector(gh.origin)
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', status: 403, message: 'github answered with status 403' })
    expect(err.extra.retryAfterSec).toBeUndefined()
  })

  test('a query naming a user or repository GitHub cannot search (422) finds nothing, as on github.com, and says why in the log', async () => {
    const gh = fake(() => githubQueryRefused('unsearchable'))
    const lines: string[] = []
    const mentions = await connector(gh.origin, {}, lines).search('crm site:acme/typo author:nobody', 10)
    expect(mentions).toEqual([])
    expect(gh.received).toHaveLength(1)
    const line = lines.map((l) => JSON.parse(l)).find((l) => l.event === 'platform_query_unsearchable')
    expect(line).toMatchObject({ platform: 'github', level: 'warn' })
  })

  test('a query GitHub cannot read (422) is an upstream_error that says the query was refused', async () => {
    const gh = fake(() => githubQueryRefused('syntax'))
    const err = await connector(gh.origin)
      .search('crm', 10)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', status: 422 })
    expect(err.message).toBe('github refused the search query (422 Validation Failed: q invalid)')
  })

  test('a slow answer is an upstream_timeout', async () => {
    const gh = fake(async () => {
      await Bun.sleep(400)
      return page([])
    })
    await expect(
      connector(gh.origin, { LEAD_SIGNALS_PLATFORMS_GITHUB_TIMEOUT_MS: '100' }).search('crm', 5),
    ).rejects.toMatchObject({ kind: 'upstream_timeout' })
  })
})

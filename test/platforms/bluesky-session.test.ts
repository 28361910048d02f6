import { describe, expect, test } from 'bun:test'
import { connector, pdsFakes, post } from './bluesky-fake'

// The Bluesky connector's session: createSession with the app password, shared by searches, refreshed when the PDS
// says ExpiredToken, made again when it is revoked or the refresh refused. Searching is in bluesky.test.ts.
const fakePds = pdsFakes()

describe('bluesky connector against a fake PDS', () => {
  test('logs in with the app password, then searches the newest posts with the access token', async () => {
    const pds = fakePds()
    await connector(pds.origin).search('crm tool', 7)
    const [login] = pds.logins()
    expect(login.method).toBe('POST')
    expect(login.headers.get('content-type')).toBe('application/json')
    expect(JSON.parse(login.body)).toEqual({ identifier: 'me.bsky.social', password: 'abcd-efgh-ijkl-mnop' })
    const [search] = pds.searches()
    expect(search.method).toBe('GET')
    expect(Object.fromEntries(search.url.searchParams)).toEqual({ q: 'crm tool', sort: 'latest', limit: '7' })
    expect(search.headers.get('authorization')).toBe('Bearer access-1')
    expect(search.headers.get('user-agent')).toContain('lead-signals')
  })

  test('two searches, one after the other and two at once, share a single createSession', async () => {
    const pds = fakePds({ posts: () => [post(1)], delayLogin: 50 })
    const c = connector(pds.origin)
    await Promise.all([c.search('crm', 5), c.search('erp', 5)])
    await c.search('crm', 5)
    expect(pds.logins()).toHaveLength(1)
    expect(pds.searches()).toHaveLength(3)
    expect(pds.searches().every((r) => r.headers.get('authorization') === 'Bearer access-1')).toBe(true)
  })

  test('an ExpiredToken answer refreshes the session with the refresh token and asks again once', async () => {
    const pds = fakePds({ posts: () => [post(1)] })
    const c = connector(pds.origin)
    await c.search('crm', 5)
    pds.expireAll()
    const mentions = await c.search('crm', 5)
    expect(mentions).toHaveLength(1)
    expect(pds.refreshes()).toHaveLength(1)
    expect(pds.refreshes()[0].headers.get('authorization')).toBe('Bearer refresh-1')
    expect(pds.searches().map((r) => r.headers.get('authorization'))).toEqual([
      'Bearer access-1',
      'Bearer access-1',
      'Bearer access-2',
    ])
    expect(pds.logins()).toHaveLength(1)
  })

  test('searches that meet the same expired token at once share one refresh', async () => {
    const pds = fakePds({ posts: () => [post(1)] })
    const c = connector(pds.origin)
    await c.search('crm', 5)
    pds.expireAll()
    await Promise.all([c.search('crm', 5), c.search('erp', 5), c.search('cms', 5)])
    expect(pds.refreshes()).toHaveLength(1)
    expect(pds.logins()).toHaveLength(1)
  })

  test('when the refresh is refused it logs in again and the search still answers', async () => {
    const pds = fakePds({ posts: () => [post(1)], refuseRefresh: true })
    const c = connector(pds.origin)
    await c.search('crm', 5)
    pds.expireAll()
    expect(await c.search('crm', 5)).toHaveLength(1)
    expect(pds.refreshes()).toHaveLength(1)
    expect(pds.logins()).toHaveLength(2)
    expect(pds.searches().at(-1)!.headers.get('authorization')).toBe('Bearer access-2')
  })

  test('an InvalidToken answer (a revoked session) leads to a new login and one more try', async () => {
    const pds = fakePds({ posts: () => [post(1)] })
    const c = connector(pds.origin)
    await c.search('crm', 5)
    pds.revokeAll()
    expect(await c.search('crm', 5)).toHaveLength(1)
    expect(pds.refreshes()).toHaveLength(0)
    expect(pds.logins()).toHaveLength(2)
  })

  test('a refused login is an upstream_error without the password, and the next search tries again', async () => {
    const pds = fakePds()
    const lines: string[] = []
    const bad = connector(pds.origin, { LEAD_SIGNALS_PLATFORMS_BLUESKY_APP_PASSWORD: 'wrong-pass-word-here' }, lines)
    const err = await bad.search('crm', 5).catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error' })
    expect(err.message).toContain('AuthenticationRequired')
    expect(err.message).not.toContain('wrong-pass-word-here')
    expect(lines.join('\n')).not.toContain('wrong-pass-word-here')
    await bad.search('crm', 5).catch(() => {})
    expect(pds.logins()).toHaveLength(2)
    expect(pds.searches()).toHaveLength(0)
  })
})

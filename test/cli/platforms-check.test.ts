import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { fakePlatforms } from '../support/fake-platforms'
import { fakeUpstream } from '../support/fake-upstream'
import { githubLimitSpent, youtubeKeyRefused } from '../support/platform-rules'
import { createWorkspace, runCli, type Workspace } from './run-cli'

// docs/platforms.md#checking-the-platforms: `platforms check` against local fakes, as a real process.
let ws: Workspace
let world: ReturnType<typeof fakePlatforms>
const others: { stop(): void }[] = []
let github: ReturnType<typeof fakeUpstream>
let config: string[]
beforeEach(() => {
  ws = createWorkspace()
  world = fakePlatforms()
  world.add('hackernews', 'software', {
    id: '1',
    author: 'ann',
    text: 'software we use',
    at: '2026-11-15T10:00:00.000Z',
  })
  github = fakeUpstream(() => githubLimitSpent(600))
  const broken = fakeUpstream(() => new Response('<html>maintenance</html>', { status: 500 }))
  const refusing = fakeUpstream(() => Response.json({ title: 'Unauthorized', status: 401 }, { status: 401 }))
  others.push(github, broken, refusing)
  const at = (table: string, origin: string, extra: string[] = []) => [
    `[platforms.${table}]`,
    `base_url = "${origin}"`,
    ...extra,
  ]
  config = [
    '--config',
    ws.file(
      'check.toml',
      [
        ...world.platformsToml(),
        ...at('github', github.origin),
        ...['stackoverflow', 'medium', 'substack', 'news', 'devto'].flatMap((p) => at(p, broken.origin)),
        ...at('twitter', refusing.origin, ['bearer_token = "wrong-token"']),
        // Nothing listens there.
        ...at('mastodon', 'http://127.0.0.1:9', ['access_token = "tok"']),
      ].join('\n'),
    ),
  ]
})
afterEach(() => {
  world.stop()
  while (others.length) others.pop()?.stop()
  ws.cleanup()
})

type Row = {
  platform: string
  configured: boolean
  status: string
  detail: string
  retryAt: string | null
  earlierRouteOnly: boolean
}
const rows = (stdout: string) => new Map((JSON.parse(stdout).platforms as Row[]).map((r) => [r.platform, r]))

describe('lead-signals platforms check', () => {
  test('one small search per configured platform, each ok or why not; exit 1 when a configured one fails', async () => {
    const r = await runCli(ws, ['platforms', 'check', '--json', ...config])
    expect(r.code).toBe(1)
    const by = rows(r.stdout)
    expect(by.get('hackernews')).toMatchObject({
      status: 'ok',
      detail: 'a search for "software" answered with 1 result, which holds the word',
    })
    expect(by.get('reddit')).toMatchObject({ status: 'ok' })
    expect(by.get('github')).toMatchObject({ status: 'rate_limited', retryAt: expect.any(String) })
    expect(by.get('twitter')).toMatchObject({
      status: 'credentials_refused',
      detail: 'twitter answered with status 401',
    })
    expect(by.get('mastodon')).toMatchObject({ status: 'not_reachable', detail: 'mastodon could not be reached' })
    expect(by.get('devto')).toMatchObject({ status: 'unexpected_answer', detail: 'devto answered with status 500' })
    expect(by.get('youtube')).toEqual({
      platform: 'youtube',
      configured: false,
      status: 'not_configured',
      detail:
        'needs api_key ([platforms.youtube] in the configuration file, or LEAD_SIGNALS_PLATFORMS_YOUTUBE_API_KEY)',
      retryAt: null,
      earlierRouteOnly: false,
    })
    // The earlier route's own networks are said to be never polled (#33: they looked usable for keywords).
    expect(by.get('news')).toMatchObject({ earlierRouteOnly: true })
    expect(by.get('hackernews')).toMatchObject({ earlierRouteOnly: false })
    expect(r.stdout).not.toContain('wrong-token')
    expect(r.stderr).not.toContain('wrong-token')
    // The rate limit is kept in the database, for the token that met it (docs/platforms.md#rate-limits): a second
    // check sends GitHub nothing until its retry time.
    const again = rows((await runCli(ws, ['platforms', 'check', '--json', '--platform', 'github', ...config])).stdout)
    expect(again.get('github')).toMatchObject({
      status: 'rate_limited',
      detail: expect.stringMatching(
        /^github's search limit is spent \(no requests remaining\): wait \d+ s before searching again$/,
      ),
    })
    expect(github.received).toHaveLength(1)
  })

  // Medium is read from tag feeds, and a tag nobody uses has none (404), which finds nothing: a base_url that answers
  // 404 to everything read "answered with 0 results", ok, while no search could ever find a story.
  test('Medium at an address that answers 404 to every feed says the address is wrong, not 0 results', async () => {
    const nowhere = fakeUpstream(() => new Response('Not Found', { status: 404 }))
    others.push(nowhere)
    const file = ws.file('medium.toml', [`[platforms.medium]`, `base_url = "${nowhere.origin}"`].join('\n'))
    const r = await runCli(ws, ['platforms', 'check', '--platform', 'medium', '--json', '--config', file])
    expect(r.code).toBe(1)
    const medium = rows(r.stdout).get('medium')
    expect(medium?.status).toBe('unexpected_answer')
    expect(medium?.detail).toContain('404')
    expect(medium?.detail).toContain('base_url')
    expect(medium?.detail).not.toContain('0 results')
  })

  test('--platform checks that one; a table by default; exit 0 when it works', async () => {
    const r = await runCli(ws, ['platforms', 'check', '--platform', 'hackernews', ...config])
    expect(r.code).toBe(0)
    const lines = r.stdout.trim().split('\n')
    expect(lines[0].split(/\s{2,}/)).toEqual(['platform', 'status', 'detail'])
    expect(lines[1].split(/\s{2,}/)).toEqual([
      'hackernews',
      'ok',
      'a search for "software" answered with 1 result, which holds the word',
    ])
    expect(lines).toHaveLength(2)
  })

  // Algolia matches a story's title, URL and text, stemmed and typo-tolerant (docs/queries.md#matching): a story it
  // answered with can lack the word. The check's count was taken after matching, so it read "answered with 0
  // results", as if the platform had found nothing, while it had answered and only matching had dropped the story.
  test('a platform that answered with posts none of which holds the keyword says so, not 0 results', async () => {
    world.add('hackernews', 'software', { id: '2', author: 'bo', text: 'tools we use', at: '2026-11-16T10:00:00.000Z' })
    const r = await runCli(ws, ['platforms', 'check', '--json', '--platform', 'hackernews', ...config])
    expect(r.code).toBe(0)
    expect(rows(r.stdout).get('hackernews')).toMatchObject({
      status: 'ok',
      detail: 'a search for "software" answered with 1 result, which lacks the word (docs/queries.md#matching)',
    })
  })

  // On a site without internet access every row read 'not reachable' and nothing said what to do about it, while
  // poll --once, failing the same way, names the network and the mirror (docs/operations.md#when-a-pass-finds-nothing).
  test('when no configured platform could be reached, the table ends with the network to check and the mirror', async () => {
    const keyless = ['hackernews', 'medium', 'substack', 'github', 'devto', 'news']
    const offline = [
      '--config',
      ws.file(
        'offline.toml',
        // Nothing listens on port 9. Stack Overflow's stream is kept at the public API; DEV's follows its base_url,
        // and Hacker News is searched (docs/streams.md#a-search-pointed-elsewhere): only the first is named.
        [
          ...keyless.flatMap((p) => [`[platforms.${p}]`, 'base_url = "http://127.0.0.1:9"']),
          '[platforms.stackoverflow]',
          'base_url = "http://127.0.0.1:9"',
          'stream_url = "https://api.stackexchange.com"',
        ].join('\n'),
      ),
    ]
    const r = await runCli(ws, ['platforms', 'check', ...offline])
    expect(r.code).toBe(1)
    expect(r.stdout.trim().split('\n').at(-1)).toBe(
      'no platform answered: check that this machine can reach them (a firewall, a proxy, no internet access); a site without internet access points base_url at a mirror (docs/platforms.md); serve streams stackoverflow instead of searching it: point its stream_url at a mirror too, or set mode = "search" (docs/streams.md#turning-a-stream-off); serve also streams bluesky without the settings its search needs, which this command did not try: point stream_url at a mirror too, or set mode = "search" to leave it out (docs/streams.md#turning-a-stream-off)',
    )
    // One that answered, even with an error, means the network works: no such line.
    expect((await runCli(ws, ['platforms', 'check', ...config])).stdout).not.toContain('no platform answered')
  })

  test('a platform asked for that is not configured fails and says what it needs; an unknown one is a usage error', async () => {
    const youtube = await runCli(ws, ['platforms', 'check', '--platform', 'youtube', ...config])
    expect(youtube.code).toBe(1)
    expect(youtube.stdout).toContain('not configured')
    expect(youtube.stdout).toContain('needs api_key')
    const nope = await runCli(ws, ['platforms', 'check', '--platform', 'myspace', ...config])
    expect(nope.code).toBe(2)
    expect(nope.stderr).toStartWith('lead-signals: --platform must be one of twitter, reddit')
  })

  test('a YouTube key that is not valid (400 from Google) is credentials refused, with what to fix', async () => {
    const google = fakeUpstream(() => youtubeKeyRefused('invalid'))
    others.push(google)
    const toml = ws.file(
      'youtube.toml',
      ['[platforms.youtube]', `base_url = "${google.origin}"`, 'api_key = "AIza-typo"'].join('\n'),
    )
    const r = await runCli(ws, ['platforms', 'check', '--json', '--platform', 'youtube', '--config', toml])
    expect(r.code).toBe(1)
    expect(rows(r.stdout).get('youtube')).toMatchObject({
      status: 'credentials_refused',
      detail:
        'youtube refused the api_key (400 API_KEY_INVALID): set platforms.youtube.api_key to a key of the YouTube Data API v3',
    })
    expect(r.stdout).not.toContain('AIza-typo')
  })

  test('Reddit not configured, or its app not approved, says that self-service access closed and how to request it', async () => {
    const plain = ['--config', ws.file('none.toml', '')]
    const missing = await runCli(ws, ['platforms', 'check', '--platform', 'reddit', ...plain])
    expect(missing.code).toBe(1)
    expect(missing.stdout).toContain('not configured')
    expect(missing.stdout).toContain('needs provider, actor, token')
    expect(missing.stdout).toContain('set client_id, client_secret, app_id and username')
    expect(missing.stdout).toContain('Reddit closed self-service API access in November 2025')
    expect(missing.stdout).toContain('https://support.reddithelp.com/hc/en-us/articles/42728983564564')
    expect(missing.stdout).toContain('provider = "apify"')
    const unapproved = world.platformsToml().map((l) => l.replace('client_id = "fake-app"', 'client_id = "new-app"'))
    const refused = await runCli(ws, [
      'platforms',
      'check',
      '--json',
      '--platform',
      'reddit',
      '--config',
      ws.file('unapproved.toml', unapproved.join('\n')),
    ])
    expect(refused.code).toBe(1)
    const row = rows(refused.stdout).get('reddit')!
    expect(row.status).toBe('credentials_refused')
    expect(row.detail).toStartWith("reddit refused the app's credentials (401). Reddit closed self-service API access")
    expect(row.detail).toContain('file the access request')
    expect(refused.stdout).not.toContain('fake-secret')
  })
})

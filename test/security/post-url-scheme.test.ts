// docs/security.md#platform-text: a polled or streamed post's address is the poster's text; only http(s) is kept,
// as imports keep it, so a `javascript:` link never reaches the console, an export or a chat button.
import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import type { Mention } from '../../src/mention'
import { buildConnectors } from '../../src/platforms/registry'
import { webUrlsOnly } from '../../src/platforms/streams'
import type { StreamReader, StreamSink } from '../../src/platforms/stream'
import { fakesPerTest } from '../support/fake-upstream'

const fake = fakesPerTest()

const status = (n: number, url: string, profile = 'https://mastodon.social/@jane') => ({
  id: String(113000000000000000n + BigInt(n)),
  created_at: new Date(Date.UTC(2026, 2, 1, 12, n)).toISOString(),
  in_reply_to_id: null,
  uri: url,
  url,
  replies_count: 0,
  reblogs_count: 0,
  favourites_count: 0,
  content: `<p>post ${n} about crm</p>`,
  account: { id: '1', username: 'jane', acct: 'jane', display_name: 'Jane', url: profile },
})

const HOSTILE = ['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'JaVaScRiPt:alert(1)']

describe('post addresses from a platform', () => {
  test('a search skips posts whose address is not http(s), and drops a profile address that is not', async () => {
    const m = fake(() =>
      Response.json({
        accounts: [],
        hashtags: [],
        statuses: [
          ...HOSTILE.map((u, i) => status(i + 1, u)),
          status(4, 'https://mastodon.social/@jane/4', 'javascript:alert(2)'),
          status(5, 'https://mastodon.social/@jane/5'),
        ],
      }),
    )
    const lines: string[] = []
    const config = loadConfig({
      env: {
        LEAD_SIGNALS_PLATFORMS_MASTODON_BASE_URL: m.origin,
        LEAD_SIGNALS_PLATFORMS_MASTODON_ACCESS_TOKEN: 'tok',
      },
    })
    const mastodon = buildConnectors(
      config,
      createLogger((l) => lines.push(l)),
    ).get('mastodon')
    const found = (await mastodon?.search('crm', 10)) ?? []
    expect(found.map((p) => p.url).sort()).toEqual([
      'https://mastodon.social/@jane/4',
      'https://mastodon.social/@jane/5',
    ])
    expect(found.find((p) => p.url.endsWith('/4'))?.profileUrl).toBe('')
    expect(lines.filter((l) => l.includes('platform_item_skipped'))).toHaveLength(3)
  })

  test('a stream reads past such a post: its position moves on, nothing is handed to the runner', async () => {
    const inner: StreamReader = {
      platform: 'hackernews',
      async read(_from, sink) {
        const post = { author: 'jane', content: 'a post', date: '2026-12-03T10:00:00.000Z', platform: 'hackernews' }
        sink.item({ ...post, id: '1', url: 'javascript:alert(1)', profileUrl: '' } as Mention, '1')
        sink.item(
          { ...post, id: '2', url: 'https://news.ycombinator.com/item?id=2', profileUrl: 'data:x' } as Mention,
          '2',
        )
      },
    }
    const items: [string, string][] = []
    const heard: (string | undefined)[] = []
    const sink: StreamSink = {
      item: (m, p) => items.push([`${m.id}@${p}`, m.profileUrl]),
      heard: (a) => heard.push(a?.position),
      gap() {},
      failed() {},
      full: () => false,
      room: async () => {},
      now: () => new Date(),
    }
    await webUrlsOnly(
      inner,
      createLogger(() => {}),
    ).read(null, sink, new AbortController().signal)
    expect(items).toEqual([['2@2', '']])
    expect(heard).toEqual(['1'])
  })
})

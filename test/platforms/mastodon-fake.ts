// A fake Mastodon instance's pieces: GET /api/v2/search answered in the documented Search shape (accounts, statuses,
// hashtags; docs/platforms.md#mastodon), and the connector pointed at it, for the Mastodon connector's test files.
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createMastodonConnector } from '../../src/platforms/mastodon/connector'

export const connector = (origin: string, env: Record<string, string> = {}, lines: string[] = []) =>
  createMastodonConnector(
    loadConfig({
      env: {
        LEAD_SIGNALS_PLATFORMS_MASTODON_BASE_URL: origin,
        LEAD_SIGNALS_PLATFORMS_MASTODON_ACCESS_TOKEN: 'tok-123',
        ...env,
      },
    }).platforms.mastodon,
    createLogger((l) => lines.push(l)),
  )

// Ids are snowflakes: a higher id is a newer status.
export const status = (n: number, extra: Record<string, unknown> = {}) => ({
  id: String(113000000000000000n + BigInt(n)),
  created_at: new Date(Date.UTC(2026, 2, 1, 12, 0, 0) + n * 60_000).toISOString(),
  in_reply_to_id: null,
  sensitive: false,
  spoiler_text: '',
  visibility: 'public',
  language: 'en',
  uri: `https://mastodon.social/users/jane/statuses/${n}`,
  url: `https://mastodon.social/@jane/${n}`,
  replies_count: 1,
  reblogs_count: 2,
  favourites_count: 3,
  content: `<p>Status ${n} about a <a href="https://mastodon.social/tags/crm" class="mention hashtag" rel="tag">#<span>crm</span></a> &amp; more</p>`,
  account: { id: '1', username: 'jane', acct: 'jane', display_name: 'Jane', url: 'https://mastodon.social/@jane' },
  media_attachments: [],
  mentions: [],
  tags: [],
  emojis: [],
  ...extra,
})
export const answer = (statuses: unknown[]) => Response.json({ accounts: [], statuses, hashtags: [] })

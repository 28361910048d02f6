import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createTwitterConnector } from '../../src/platforms/twitter/connector'
import { fakesPerTest } from '../support/fake-upstream'

// A fake X API v2 recent search (docs/platforms.md#twitter): a post object whose author_id is left out. X lists
// author_id among the fields returned only when asked for, so a post may come without it; no one is named then.
const fake = fakesPerTest()

const connector = (origin: string) =>
  createTwitterConnector(
    loadConfig({
      env: { LEAD_SIGNALS_PLATFORMS_TWITTER_BASE_URL: origin, LEAD_SIGNALS_PLATFORMS_TWITTER_BEARER_TOKEN: 'AAAA-b' },
    }).platforms.twitter,
    createLogger(() => {}),
  )

describe('an X post without author_id', () => {
  test('has no profile link, as other connectors that cannot name the author', async () => {
    const id = '1790000000000000009'
    const x = fake(() =>
      Response.json({
        data: [{ id, text: 'Looking for a CRM', created_at: '2026-03-01T12:34:56.000Z', edit_history_tweet_ids: [id] }],
        meta: { result_count: 1, newest_id: id, oldest_id: id },
      }),
    )
    const [m] = await connector(x.origin).search('crm', 10)
    expect(m.author).toBe('unknown')
    expect(m.authorKnown).toBe(false)
    // The post itself still opens through X's /i/web/status/ form.
    expect(m.url).toBe(`https://x.com/i/web/status/${id}`)
    expect(m.profileUrl).toBe('')
  })
})

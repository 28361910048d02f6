import { afterEach, describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createMastodonConnector } from '../../src/platforms/mastodon/connector'
import { fakeFediverse, type IdScheme } from '../support/fake-fediverse'
import { fakesPerTest } from '../support/fake-upstream'

// A keyword that is one hashtag (`#crm`) is read from the hashtag's timeline, GET /api/v1/timelines/tag/:hashtag
// (docs.joinmastodon.org/methods/timelines#tag; GoToSocial, Pleroma and Akkoma serve it too): full-text search finds
// nothing on an instance without Elasticsearch or OpenSearch, and GoToSocial's search answers a hashtag with hashtags
// only, while the timeline lists every status with the tag the instance knows, newest first, paged by `max_id`
// (docs/platforms.md#mastodon).
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})
const fake = fakesPerTest()

const connectorOf = (url: string) =>
  createMastodonConnector(
    loadConfig({
      env: { LEAD_SIGNALS_PLATFORMS_MASTODON_BASE_URL: url, LEAD_SIGNALS_PLATFORMS_MASTODON_ACCESS_TOKEN: 'tok-123' },
    }).platforms.mastodon,
    createLogger(() => {}),
  )

for (const scheme of ['ulid', 'flake'] as IdScheme[])
  describe(`a hashtag searched on a server whose ids are ${scheme === 'ulid' ? 'ULIDs' : 'FlakeIds'}`, () => {
    test('is read from its timeline, page after page older than the last, not searched', async () => {
      const fedi = fakeFediverse(scheme, 'tok-123')
      stops.push(fedi.stop)
      const tagged = Array.from({ length: 45 }, (_, i) => fedi.post(`Looking at a new #CRM, number ${i}`))
      fedi.post('A CRM without its tag')
      const mentions = await connectorOf(fedi.url).search('#crm', 50)
      expect(mentions.map((m) => m.url).sort()).toEqual(tagged.map((s) => s.url).sort())
      expect(fedi.paths).toEqual(['/api/v1/timelines/tag/crm', '/api/v1/timelines/tag/crm'])
      expect(fedi.asked.map((p) => [p.get('limit'), p.get('max_id')])).toEqual([
        ['40', null],
        ['40', tagged[5]?.id],
      ])
    })
  })

describe('a hashtag searched on Mastodon', () => {
  test('one the instance has never seen (404, "Record not found") finds nothing and fails nothing', async () => {
    const m = fake(() => Response.json({ error: 'Record not found' }, { status: 404 }))
    expect(await connectorOf(m.origin).search('#nevertagged', 10)).toEqual([])
  })

  // A keyword of more than a hashtag is a phrase, before whose first search the instance's NodeInfo is read (here it
  // has none: Mastodon's reading of quotes).
  test('is read from its timeline with the bearer token; a keyword of more than a hashtag is searched', async () => {
    const m = fake(({ url }) =>
      Response.json(
        url.pathname.startsWith('/api/v1/timelines/tag/') ? [] : { accounts: [], statuses: [], hashtags: [] },
      ),
    )
    const connector = connectorOf(m.origin)
    await connector.search('#Zahlungsverkehr_2026', 10)
    await connector.search('#crm tool', 10)
    expect(m.received.map((r) => r.url.pathname)).toEqual([
      '/api/v1/timelines/tag/Zahlungsverkehr_2026',
      '/.well-known/nodeinfo',
      '/api/v2/search',
    ])
    expect(m.received[0]?.headers.get('authorization')).toBe('Bearer tok-123')
  })
})

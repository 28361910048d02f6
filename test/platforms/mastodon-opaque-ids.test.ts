import { afterEach, describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createMastodonConnector } from '../../src/platforms/mastodon/connector'
import { fakeFediverse, type IdScheme } from '../support/fake-fediverse'

// A search of a server of the Mastodon API whose status ids are not numbers (docs/platforms.md#mastodon): GoToSocial's
// ULIDs, Pleroma's and Akkoma's FlakeIds (test/support/fake-fediverse.ts). Its statuses are found as Mastodon's are.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

const servers: [IdScheme, RegExp][] = [
  ['ulid', /^[0-9A-HJKMNP-TV-Z]{26}$/],
  ['flake', /^[0-9A-Za-z]{18}$/],
]

for (const [scheme, shape] of servers)
  describe(`Mastodon search of a server whose status ids are ${scheme === 'ulid' ? 'ULIDs' : 'FlakeIds'}`, () => {
    test('finds its statuses, newest first, each under its own id, across pages', async () => {
      const fedi = fakeFediverse(scheme, 'tok-123')
      stops.push(fedi.stop)
      const posted = Array.from({ length: 45 }, (_, i) => fedi.post(`Which CRM do you use? Number ${i}.`))
      fedi.post('A quiet morning at the harbour.')
      const lines: string[] = []
      const connector = createMastodonConnector(
        loadConfig({
          env: {
            LEAD_SIGNALS_PLATFORMS_MASTODON_BASE_URL: fedi.url,
            LEAD_SIGNALS_PLATFORMS_MASTODON_ACCESS_TOKEN: 'tok-123',
          },
        }).platforms.mastodon,
        createLogger((l) => lines.push(l)),
      )
      const mentions = await connector.search('crm', 50)
      const host = new URL(fedi.url).host
      expect(posted.every((s) => shape.test(s.id))).toBe(true)
      expect(mentions.map((m) => m.id).sort()).toEqual(posted.map((s) => `mastodon:${host}:${s.id}`).sort())
      expect(mentions[0]?.content).toBe('Which CRM do you use? Number 44.')
      expect(mentions[0]?.url).toBe(posted[44]?.url)
      expect(lines.filter((l) => l.includes('"level":"warn"'))).toEqual([])
    })
  })

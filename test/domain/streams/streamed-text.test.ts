import { describe, expect, test } from 'bun:test'
import { AS_SENT } from '../../../src/mention'
import { createStackoverflowStream } from '../../../src/platforms/stackoverflow/stream'
import { testConfig } from '../../support/deps'
import { fakeStackExchange } from '../../support/fake-streams'
import { silentLogger } from '../../support/log'
import { mastodonReading } from '../../support/mastodon-reading'
import { eventually, recordingSink } from '../../support/stream-world'

// docs/performance.md#the-text-as-sent-2026-12-06: only a search's raw answer reads a post's text as the platform
// sent it. The Mastodon and Stack Overflow streams map a post as their searches do; what they read goes to polling
// alone, which must not hold the platform's HTML beside the plain text while the post waits to be scored and stored.
describe('a streamed post keeps its plain text only', () => {
  test('a Stack Overflow question read from the stream', async () => {
    const se = fakeStackExchange()
    try {
      se.question('Which &quot;CRM&quot;?', 'For a team &amp; more')
      const config = testConfig({ platforms: { stackoverflow: { stream_url: se.url, site: 'stackoverflow' } } })
      const { got, sink } = recordingSink()
      const once = new AbortController()
      sink.heard = () => once.abort()
      await createStackoverflowStream(config.platforms.stackoverflow, silentLogger).read('0:0', sink, once.signal)
      expect(got.mentions.map((m) => m.content)).toEqual(['Which "CRM"?\n\nFor a team & more'])
      expect(got.mentions[0][AS_SENT]).toBeUndefined()
    } finally {
      se.stop()
    }
  })

  test('a Mastodon status read from the stream', async () => {
    const ends: (() => unknown)[] = []
    try {
      const { masto, got } = mastodonReading(ends)
      await eventually('the connection', () => masto.clients() === 1)
      masto.post('Which CRM &amp; why?')
      await eventually('the status', () => got.mentions.length === 1)
      expect(got.mentions[0].content).toBe('Which CRM & why?')
      expect(got.mentions[0][AS_SENT]).toBeUndefined()
    } finally {
      for (const end of ends.reverse()) end()
    }
  }, 30_000)
})

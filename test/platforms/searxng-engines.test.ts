import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createSearxngConnector } from '../../src/platforms/searxng/connector'
import { fakesPerTest } from '../support/fake-upstream'
import { searxngPage } from '../support/searxng-answer'

// A fake SearXNG instance whose engines did not answer. SearXNG's JSON answer lists them in unresponsive_engines as
// [engine, reason] pairs, the reason one of its own messages (timeout, too many requests, CAPTCHA, access denied…),
// with results empty when none answered (searx/webapp.py; docs/platforms.md#internet-and-indiehacker).
const fake = fakesPerTest()
const connector = (origin: string) =>
  createSearxngConnector(
    'internet',
    loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_INTERNET_BASE_URL: origin } }).platforms.internet,
    createLogger(() => {}),
  )
const answer = (results: unknown[], unresponsive: unknown[]) =>
  searxngPage(results, { unresponsive_engines: unresponsive })
const hit = { url: 'https://example.com/crm', title: 'A CRM', content: 'crm', publishedDate: null }

describe('searxng: engines that did not answer', () => {
  test('a search that found nothing because the engines did not answer says which and why in source health', async () => {
    let engines: unknown[] = [
      ['google', 'CAPTCHA'],
      ['duckduckgo', 'too many requests'],
      ['brave', '<script>x</script>'],
    ]
    const sx = fake(() => answer(engines.length ? [] : [hit], engines))
    const c = connector(sx.origin)
    expect(await c.search('crm', 10)).toEqual([])
    expect(c.warning?.()).toBe(
      "internet: the last search found nothing because the instance's engines did not answer (google: CAPTCHA; duckduckgo: too many requests; brave); check them in the SearXNG instance (docs/platforms.md#internet-and-indiehacker)",
    )
    // Once the engines answer again, the warning goes.
    engines = []
    expect(await c.search('crm', 10)).toHaveLength(1)
    expect(c.warning?.()).toBeUndefined()
  })

  test('a search with results says nothing of an engine that timed out', async () => {
    const sx = fake(() => answer([hit], [['google', 'timeout']]))
    const c = connector(sx.origin)
    expect(await c.search('crm', 10)).toHaveLength(1)
    expect(c.warning?.()).toBeUndefined()
  })
})

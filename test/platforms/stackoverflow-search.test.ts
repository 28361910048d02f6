// What the Stack Overflow connector asks of the Stack Exchange API 2.3 (/2.3/search/advanced): the newest questions
// with their bodies on the configured site, with the key when one is set.
import { describe, expect, test } from 'bun:test'
import { fakesPerTest } from '../support/fake-upstream'
import { wrapper, connector } from './stackoverflow-fake'

const fake = fakesPerTest()

describe('stackoverflow connector: what it asks the Stack Exchange API', () => {
  test('asks /2.3/search/advanced for the newest questions with bodies on the configured site, with the key', async () => {
    const se = fake(() => wrapper([]))
    await connector(se.origin, {
      LEAD_SIGNALS_PLATFORMS_STACKOVERFLOW_KEY: 'appkey((',
      LEAD_SIGNALS_PLATFORMS_STACKOVERFLOW_SITE: 'superuser',
    }).search('crm tool', 7)
    expect(se.received).toHaveLength(1)
    const [req] = se.received
    expect(req.method).toBe('GET')
    expect(req.url.pathname).toBe('/2.3/search/advanced')
    expect(Object.fromEntries(req.url.searchParams)).toEqual({
      q: 'crm tool',
      site: 'superuser',
      sort: 'creation',
      order: 'desc',
      pagesize: '7',
      page: '1',
      filter: 'withbody',
      key: 'appkey((',
    })
    expect(req.headers.get('user-agent')).toContain('lead-signals')
    expect(req.headers.get('accept-encoding')).toContain('gzip')
  })

  test('sends no key when none is configured, and stackoverflow is the default site', async () => {
    const se = fake(() => wrapper([]))
    await connector(se.origin).search('crm', 5)
    expect(se.received[0].url.searchParams.has('key')).toBe(false)
    expect(se.received[0].url.searchParams.get('site')).toBe('stackoverflow')
  })
})

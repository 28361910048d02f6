import { describe, expect, test } from 'bun:test'
import { consoleLink } from '../../src/domain/webhooks/links'
import { testDeps } from '../support/deps'
import { client } from '../support/http'

describe('the links messages carry (docs/destinations.md#links)', () => {
  test("'Open the console' opens the console's signals page on this server", async () => {
    const { deps } = await testDeps()
    const link = new URL(consoleLink(deps.config))
    expect(link.hash).toBe('#/signals')
    const page = await client(deps)('GET', link.pathname)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(String(page.body)).toContain('<div id="app">')
  })
})

import { afterEach, describe, expect, test } from 'bun:test'
import { createDevtoStream } from '../../../src/platforms/devto/stream'
import type { StreamSink } from '../../../src/platforms/stream'
import { webUrlsOnly } from '../../../src/platforms/streams'
import { silentLogger } from '../../support/log'
import { testConfig } from '../../support/deps'

// The DEV stream against a fake of Forem API v1 GET /api/articles/latest (developers.forem.com/api/v1): published
// articles, newest first, each with its id, title, description, url, published_at, tag_list and user.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

const article = (id: number, url: string, title = `Which CRM for a team of ${id}?`) => ({
  id,
  title,
  description: 'We need one before the quarter ends.',
  url,
  published_at: '2026-12-03T10:00:00Z',
  tag_list: ['crm', 'sales'],
  public_reactions_count: 0,
  comments_count: 0,
  user: { username: 'sam', name: 'Sam' },
})

function fakeForem(articles: object[]) {
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (req) =>
      new URL(req.url).pathname === '/api/articles/latest'
        ? Response.json(articles)
        : new Response('not found', { status: 404 }),
  })
  stops.push(() => server.stop(true))
  return `http://127.0.0.1:${server.port}`
}

describe('DEV stream (/api/articles/latest)', () => {
  test('an article whose address is not a web page is read past; the stream goes on with the others', async () => {
    const url = fakeForem([
      article(12, 'javascript:alert(1)'),
      article(11, 'https://dev.to/sam/which-crm-11'),
      article(10, 'https://dev.to/sam/old'),
    ])
    const config = testConfig({ platforms: { devto: { stream_url: url } } })
    const reader = webUrlsOnly(createDevtoStream(config.platforms.devto, silentLogger), silentLogger)
    const items: string[] = []
    const failures: unknown[] = []
    const stop = new AbortController()
    const sink: StreamSink = {
      item: (m) => items.push(m.id),
      heard: () => stop.abort(),
      gap: () => {},
      failed: (err) => {
        failures.push(err)
        stop.abort()
      },
      full: () => false,
      room: async () => {},
    }
    await reader.read('10', sink, stop.signal)
    expect(failures).toEqual([])
    expect(items).toEqual(['devto:11'])
  })
})

import { afterEach, describe, expect, test } from 'bun:test'
import { createDevtoStream } from '../../../src/platforms/devto/stream'
import type { StreamReader, StreamSink } from '../../../src/platforms/stream'
import { webUrlsOnly } from '../../../src/platforms/streams'
import { silentLogger } from '../../support/log'
import { testConfig } from '../../support/deps'

// The DEV stream against a fake of Forem API v1 GET /api/articles/latest (developers.forem.com/api/v1): published
// articles, newest first, each with its id, title, description, url, published_at, tag_list and user.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

const article = (
  id: number,
  url: string,
  title = `Which CRM for a team of ${id}?`,
  published_at = '2026-12-03T10:00:00Z',
) => ({
  id,
  title,
  description: 'We need one before the quarter ends.',
  url,
  published_at,
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

/** One read from `from`: the articles handed on and the position after them. */
async function readOnce(reader: StreamReader, from: string | null) {
  const items: string[] = []
  let position: string | undefined
  const stop = new AbortController()
  await reader.read(
    from,
    {
      item: (m, at) => {
        items.push(m.id)
        position = at
      },
      heard: (a) => {
        position = a?.position ?? position
        stop.abort()
      },
      gap: () => {},
      failed: () => stop.abort(),
      full: () => false,
      room: async () => {},
      now: () => new Date(),
    },
    stop.signal,
  )
  return { items, position }
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
      now: () => new Date(),
    }
    await reader.read('10', sink, stop.signal)
    expect(failures).toEqual([])
    expect(items).toEqual(['devto:11'])
  })

  test('an article written as a draft before the last one read, and published after it, is read once', async () => {
    // Forem numbers an article when it is created (a draft) and lists the latest by when they were published.
    const articles = [article(20, 'https://dev.to/sam/twenty', undefined, '2026-12-03T10:00:00Z')]
    const url = fakeForem(articles)
    const config = testConfig({ platforms: { devto: { stream_url: url } } })
    const reader = createDevtoStream(config.platforms.devto, silentLogger)
    const once = (from: string | null) => readOnce(reader, from)
    const first = await once(null)
    expect(first.items).toEqual([])
    articles.unshift(
      article(21, 'https://dev.to/sam/twenty-one', undefined, '2026-12-03T10:06:00Z'),
      article(15, 'https://dev.to/sam/draft-from-last-week', undefined, '2026-12-03T10:05:00Z'),
    )
    // And one given an earlier date than the last read (listed further down), numbered after it.
    articles.push(article(22, 'https://dev.to/sam/backdated', undefined, '2026-11-20T00:00:00Z'))
    const second = await once(first.position ?? null)
    expect(second.items).toEqual(['devto:22', 'devto:15', 'devto:21'])
    // Read again from there: nothing new, nothing twice.
    expect((await once(second.position ?? null)).items).toEqual([])
  })

  test('an article published in the same second as the last one read, with a lower id, is read once', async () => {
    // published_at is given to the second (RFC 3339, '…T10:07:00Z'), so two articles can share it, and the one
    // started earlier as a draft has the lower id: it can be listed after the other was read.
    const articles = [article(31, 'https://dev.to/sam/thirty-one', undefined, '2026-12-03T10:07:00Z')]
    const url = fakeForem(articles)
    const config = testConfig({ platforms: { devto: { stream_url: url } } })
    const reader = createDevtoStream(config.platforms.devto, silentLogger)
    const once = (from: string | null) => readOnce(reader, from)
    const first = await once(`${Date.parse('2026-12-03T10:06:00Z')}:30`)
    expect(first.items).toEqual(['devto:31'])
    articles.splice(1, 0, article(29, 'https://dev.to/sam/twenty-nine', undefined, '2026-12-03T10:07:00Z'))
    const second = await once(first.position ?? null)
    expect(second.items).toEqual(['devto:29'])
    // Neither is read again, from the position stored with the article or with the read.
    expect((await once(second.position ?? null)).items).toEqual([])
    expect((await once(first.position ?? null)).items).toEqual(['devto:29'])
  })

  // docs/streams.md#resuming: the position's time is the newest publication time read. One dated years ahead (a broken
  // answer or mirror) kept it there, and a draft published after it with a lower id was never new.
  test('an article dated far ahead of this server is read, but the position time does not follow it', async () => {
    const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z')
    const now = Date.now()
    const articles = [
      article(41, 'https://dev.to/sam/ahead', undefined, iso(now + 30 * 365 * 86_400_000)),
      article(40, 'https://dev.to/sam/forty', undefined, iso(now - 60_000)),
    ]
    const url = fakeForem(articles)
    const config = testConfig({ platforms: { devto: { stream_url: url } } })
    const reader = createDevtoStream(config.platforms.devto, silentLogger)
    const first = await readOnce(reader, `${Date.parse(iso(now - 60_000))}:40:40`)
    expect(first.items).toEqual(['devto:41'])
    expect(Number(first.position?.split(':')[0])).toBeLessThanOrEqual(now + 60_000)
    articles.unshift(article(39, 'https://dev.to/sam/a-draft-published-now', undefined, iso(now)))
    expect((await readOnce(reader, first.position ?? null)).items).toContain('devto:39')
  })
})

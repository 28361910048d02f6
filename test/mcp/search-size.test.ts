// docs/api.md#mcp-tools (result sizes): the raw search_mentions answers posts as their platform sent them, of any
// length (a GitHub issue may hold 65,536 characters, a Reddit post 40,000), so 20 long posts made a result far past
// the 50,000 characters Claude Code reads in full. The tool cuts each post to its share of a budget and says so; the
// REST route still answers every post whole. The fake is Algolia's Hacker News Search (search_by_date), whose
// story_text is a story's HTML (docs/platforms.md#as-sent). The scored variant answers previews and reasons, bounded
// but long enough that its description advises a limit, as list_signals' does.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createApp } from '../../src/app'
import { seedTeam, testDeps } from '../support/deps'
import { fakeOpenAi } from '../support/fake-openai'
import { fakeUpstream, longText } from '../support/fake-upstream'
import { client } from '../support/http'
import { callTool, httpClient, listen } from '../support/mcp'

const TEXT = `<p>${longText(10_000)}</p>`
// The text costing most once JSON-escaped as the model reads it: a control character is six (`\u0001`), a quote or
// a backslash two; a post of source code or logs holds many.
const ESCAPED = '\u0001"\\'.repeat(3_400)
let storyText = TEXT
const story = (i: number) => ({
  objectID: String(41_000_000 + i),
  author: `author${i}`,
  title: `Ask HN: which CRM would you recommend, take ${i}?`,
  story_text: storyText,
  comment_text: null,
  created_at: '2026-03-01T12:00:00.000Z',
  points: 3,
  num_comments: 1,
})

let hn: ReturnType<typeof fakeUpstream>
beforeAll(() => {
  hn = fakeUpstream(({ url }) => {
    const hits = Array.from({ length: Number(url.searchParams.get('hitsPerPage')) }, (_, i) => story(i))
    return Response.json({ hits, nbHits: hits.length, page: 0, nbPages: 1 })
  })
})
// A model's reason at its longest (MAX_REASON, docs/scoring.md#reading-the-reply), quoting the post.
const model = fakeOpenAi({ reason: `Asks which CRM to buy: "${longText(600)}"`.slice(0, 500) })
afterAll(() => {
  hn.stop()
  model.stop()
})

/** A server whose raw search_mentions searches the fake, and an SDK client calling it at a limit. */
async function rawSearch() {
  const { deps } = await testDeps({ config: { platforms: { hackernews: { base_url: hn.origin } } } })
  const { apiKey } = await seedTeam(deps)
  const server = listen(deps)
  const mcp = await httpClient(server.mcpUrl, apiKey)
  const search = async (limit: number) => {
    const result = await callTool(mcp, 'search_mentions', { keyword: 'crm', platform: 'hackernews', limit })
    const characters = result.content.reduce((n, c) => n + (c.type === 'text' ? c.text.length : 0), 0)
    const mentions = (result.structuredContent as { mentions: { content: string }[] }).mentions
    return { result, characters, mentions }
  }
  const close = async () => {
    await mcp.close()
    server.stop()
  }
  return { deps, apiKey, search, close, mcp }
}

/** Each text cut: the start of the post as sent, then a note of how much more there is and where. */
function expectCut(mentions: { content: string }[], text: string) {
  for (const [i, m] of mentions.entries()) {
    const [kept, note] = m.content.split('\n[…')
    expect(`${story(i).title}\n\n${text}`.startsWith(kept as string)).toBe(true)
    expect(note).toMatch(/^ \d[\d,]* more characters at its url\]$/)
  }
}

describe('search_mentions on long posts', () => {
  test('its result stays within 50,000 characters at any limit, each post cut to its share; REST answers them whole', async () => {
    const { deps, apiKey, search, close } = await rawSearch()
    try {
      for (const limit of [1, 20, 50]) {
        const { result, characters, mentions } = await search(limit)
        expect([limit, characters <= 50_000]).toEqual([limit, true])
        expect(mentions).toHaveLength(limit)
        // One post of 10,000 characters is within its share: whole, as sent.
        if (limit === 1) {
          expect(mentions[0]?.content).toBe(`${story(0).title}\n\n${TEXT}`)
          continue
        }
        expectCut(mentions, TEXT)
        const [line] = result.content
        expect(line?.type === 'text' && line.text).toContain(
          `${limit} texts of ${limit} cut to at most ${20_000 / limit} characters.`,
        )
      }
    } finally {
      await close()
    }
    const rest = await client(deps)('POST', '/api/v1/mentions/search', {
      key: apiKey,
      body: { keyword: 'crm', platform: 'hackernews', limit: 50 },
    })
    expect(
      rest.body.mentions.every((m: { content: string }) => m.content === `${m.content.split('\n\n')[0]}\n\n${TEXT}`),
    ).toBe(true)
  })
})

describe("search_mentions' published output schema", () => {
  test("says a post's text may be cut, as the result has it; the REST route's still says whole", async () => {
    const { mcp, close } = await rawSearch()
    try {
      const { tools } = await mcp.listTools()
      const schema = tools.find((t) => t.name === 'search_mentions')?.outputSchema as any
      const about = schema.properties.mentions.items.properties.content.description as string
      expect(about).not.toContain('whole')
      expect(about).toContain('ends with [… N more characters at its url]')
    } finally {
      await close()
    }
    const openapi = await createApp((await testDeps()).deps).handle(new Request('http://localhost/swagger/json'))
    expect(await openapi.text()).toContain('The whole post exactly as the platform sent it')
  })
})

describe('search_mentions on posts that JSON escapes', () => {
  test('the texts share 20,000 characters as the client reads them, escaped, not as the platform sent them', async () => {
    storyText = ESCAPED
    const { search, close } = await rawSearch()
    try {
      // Counted as sent: 34,518, 71,128 and 77,417 characters.
      for (const limit of [1, 20, 50]) {
        const { characters, mentions } = await search(limit)
        expect([limit, characters <= 50_000]).toEqual([limit, true])
        const escaped = mentions.map((m) => JSON.stringify(m.content.split('\n[…')[0]).length - 2)
        expect([limit, Math.max(...escaped) <= 20_000 / limit]).toEqual([limit, true])
        expectCut(mentions, ESCAPED)
      }
    } finally {
      storyText = TEXT
      await close()
    }
  })
})

describe('the scored search_mentions', () => {
  test('at the limit its description advises, results at their longest preview and reason fit in 50,000 characters, escaped as read', async () => {
    const { deps } = await testDeps({
      config: {
        api: { search_variant: 'scored' },
        platforms: { hackernews: { base_url: hn.origin } },
        scorer: { backend: 'openai', fallback: 'none', openai: { base_url: model.baseUrl } },
      },
    })
    const { apiKey } = await seedTeam(deps)
    const server = listen(deps)
    const mcp = await httpClient(server.mcpUrl, apiKey)
    try {
      const { tools } = await mcp.listTools()
      const description = tools.find((t) => t.name === 'search_mentions')?.description ?? ''
      // Without the advice, the largest limit (50: 57,408 characters).
      const advised = Number(/a limit of up to (\d+)/.exec(description)?.[1] ?? 50)
      expect(advised).toBeGreaterThanOrEqual(20)
      const keyword = 'crm OR "customer relationship management" OR hubspot OR pipedrive'
      // Previews of quotes, backslashes and control characters made 52,148 characters, counted as sent.
      for (const text of [TEXT, ESCAPED]) {
        storyText = text
        const result = await callTool(mcp, 'search_mentions', { keyword, platform: 'hackernews', limit: advised })
        const { results, total } = result.structuredContent as { results: { contentPreview: string }[]; total: number }
        expect(total).toBe(advised)
        const characters = result.content.reduce((n, c) => n + (c.type === 'text' ? c.text.length : 0), 0)
        expect([text.slice(0, 5), characters <= 50_000]).toEqual([text.slice(0, 5), true])
        for (const [i, r] of results.entries()) {
          // The start of the post, as many of its characters as fit in 300 once escaped.
          expect(r.contentPreview.startsWith(story(i).title)).toBe(true)
          expect(JSON.stringify(r.contentPreview).length - 2).toBeWithin(290, 301)
        }
      }
    } finally {
      storyText = TEXT
      await mcp.close()
      server.stop()
    }
  })
})

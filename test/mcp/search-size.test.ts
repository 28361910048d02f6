// docs/api.md#mcp-tools (result sizes): the raw search_mentions answers posts as their platform sent them, of any
// length (a GitHub issue may hold 65,536 characters, a Reddit post 40,000), so 20 long posts made a result far past
// the 50,000 characters Claude Code reads in full. The tool cuts each post to its share of a budget and says so; the
// REST route still answers every post whole. The fake is Algolia's Hacker News Search (search_by_date), whose
// story_text is a story's HTML (docs/platforms.md#as-sent). The scored variant answers previews and reasons, bounded
// but long enough that its description advises a limit, as list_signals' does.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../support/deps'
import { fakeOpenAi } from '../support/fake-openai'
import { fakeUpstream, longText } from '../support/fake-upstream'
import { client } from '../support/http'
import { callTool, httpClient, listen } from '../support/mcp'

const TEXT = `<p>${longText(10_000)}</p>`
const story = (i: number) => ({
  objectID: String(41_000_000 + i),
  author: `author${i}`,
  title: `Ask HN: which CRM would you recommend, take ${i}?`,
  story_text: TEXT,
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

describe('search_mentions on long posts', () => {
  test('its result stays within 50,000 characters at any limit, each post cut to its share; REST answers them whole', async () => {
    const { deps } = await testDeps({ config: { platforms: { hackernews: { base_url: hn.origin } } } })
    const { apiKey } = await seedTeam(deps)
    const server = listen(deps)
    const mcp = await httpClient(server.mcpUrl, apiKey)
    try {
      for (const limit of [1, 20, 50]) {
        const result = await callTool(mcp, 'search_mentions', { keyword: 'crm', platform: 'hackernews', limit })
        const characters = result.content.reduce((n, c) => n + (c.type === 'text' ? c.text.length : 0), 0)
        expect([limit, characters <= 50_000]).toEqual([limit, true])
        const mentions = (result.structuredContent as { mentions: { content: string }[] }).mentions
        expect(mentions).toHaveLength(limit)
        // One post of 10,000 characters is within its share: whole, as sent.
        if (limit === 1) {
          expect(mentions[0]?.content).toBe(`${story(0).title}\n\n${TEXT}`)
          continue
        }
        for (const [i, m] of mentions.entries()) {
          const sent = `${story(i).title}\n\n${TEXT}`
          // The start of the post as sent, then a note of how much more there is and where.
          const [kept, note] = m.content.split('\n[…')
          expect(sent.startsWith(kept as string)).toBe(true)
          expect(note).toMatch(/^ \d[\d,]* more characters at its url\]$/)
        }
        const [line] = result.content
        expect(line?.type === 'text' && line.text).toContain(
          `${limit} texts of ${limit} cut to the first ${20_000 / limit} characters.`,
        )
      }
    } finally {
      await mcp.close()
      server.stop()
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

describe('the scored search_mentions', () => {
  test('at the limit its description advises, results at their longest preview and reason fit in 50,000 characters', async () => {
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
      const result = await callTool(mcp, 'search_mentions', { keyword, platform: 'hackernews', limit: advised })
      expect((result.structuredContent as { total: number }).total).toBe(advised)
      const characters = result.content.reduce((n, c) => n + (c.type === 'text' ? c.text.length : 0), 0)
      expect(characters).toBeLessThanOrEqual(50_000)
    } finally {
      await mcp.close()
      server.stop()
    }
  })
})

// docs/api.md#mcp-tools: the readable line of list_signals and list_people says where the next page starts, so that
// an assistant pages by offset (which counts items, not pages), and what an empty page means: nothing matches, or
// an offset past the last item.
import { afterAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { crmSignals } from '../support/crm-signals'
import { seedTeam, testDeps } from '../support/deps'
import { callTool, httpClient, listen } from '../support/mcp'

const stops: (() => unknown)[] = []
afterAll(async () => {
  for (const stop of stops) await stop()
})

/** A team with five signals, by five authors, and an SDK client with its key. */
async function world(): Promise<Client> {
  const { deps } = await testDeps()
  const { team, apiKey } = await seedTeam(deps)
  await deps.repos.signals.insertMany(team.id, crmSignals(team.id, 5))
  const server = listen(deps)
  const mcp = await httpClient(server.mcpUrl, apiKey)
  stops.push(() => mcp.close(), server.stop)
  return mcp
}

/** The readable line of a call, without the quota that counted calls add. */
async function lineOf(mcp: Client, tool: string, args: Record<string, unknown>): Promise<string> {
  const [first] = (await callTool(mcp, tool, args)).content
  if (first?.type !== 'text') throw new Error('no readable line')
  return first.text.replace(/ Quota: .*$/, '')
}

describe('the page size list_signals advises', () => {
  // Claude Code reads a tool result of up to 50,000 characters; a longer one it keeps in a file, showing the model
  // only its start (docs/api.md#mcp-tools, result sizes). A page of 100 signals is about twice that.
  // A post's preview as stored is its first 300 characters as sent; in the result's JSON text, as the model reads
  // it, a quote or a backslash is two characters and a control character six (`\u0001`). Counted as sent, a page of
  // the advised size of such previews was 57,628 characters.
  test.each([
    ['ordinary', (i: number) => `We need a CRM for our sales team, budget ${i}. `.repeat(8).slice(0, 300)],
    ['escape-heavy', () => '\u0001"\\'.repeat(100)],
  ])(
    'a page of that many signals, each with its longest preview (%s) and reason, fits in 50,000 characters',
    async (_, previewOf) => {
      const { deps } = await testDeps()
      const { team, apiKey } = await seedTeam(deps)
      const longest = crmSignals(team.id, 100).map((row, i) => ({
        ...row,
        author: `a rather long author name ${i}`,
        url: `https://www.reddit.com/r/sales/comments/${i}abc/looking_for_a_crm_for_a_small_b2b_team/`,
        preview: previewOf(i),
        contentFull: previewOf(i).repeat(14).slice(0, 4000),
        reason: `ACTIVE: asks for a CRM with a budget ("budget ${i}"). `.repeat(12).slice(0, 500),
      }))
      await deps.repos.signals.insertMany(team.id, longest)
      const server = listen(deps)
      const mcp = await httpClient(server.mcpUrl, apiKey)
      stops.push(() => mcp.close(), server.stop)
      const { tools } = await mcp.listTools()
      const description = tools.find((t) => t.name === 'list_signals')?.description ?? ''
      const advised = Number(/pages of up to (\d+) signals/.exec(description)?.[1])
      expect(advised).toBeGreaterThanOrEqual(20)
      const { content, structuredContent } = await callTool(mcp, 'list_signals', { limit: advised })
      const characters = content.reduce((n, c) => n + (c.type === 'text' ? c.text.length : 0), 0)
      expect(characters).toBeLessThanOrEqual(50_000)
      // Each preview the start of the one stored, as much of it as fits in 300 characters once escaped.
      for (const signal of (structuredContent as { signals: { content: string }[] }).signals) {
        expect(longest.some((row) => row.preview.startsWith(signal.content))).toBe(true)
        expect(JSON.stringify(signal.content).length - 2).toBeWithin(290, 301)
      }
      // The full text alike, in 4,000 characters.
      const full = await callTool(mcp, 'list_signals', { limit: 3, content: 'full' })
      for (const signal of (full.structuredContent as { signals: { contentFull: string }[] }).signals) {
        expect(longest.some((row) => row.contentFull.startsWith(signal.contentFull))).toBe(true)
        expect(JSON.stringify(signal.contentFull).length - 2).toBeWithin(3990, 4001)
      }
    },
  )
})

describe('the readable line of a page', () => {
  test('list_signals names the offset of the next page, the last page, a page past the end and no match', async () => {
    const mcp = await world()
    const line = (args: Record<string, unknown>) => lineOf(mcp, 'list_signals', args)
    expect(await line({ limit: 2 })).toBe('Signals 1 to 2 of 5, best first. Next page: offset 2.')
    expect(await line({ limit: 2, offset: 2 })).toBe('Signals 3 to 4 of 5, best first. Next page: offset 4.')
    expect(await line({ limit: 2, offset: 4 })).toBe('Signals 5 to 5 of 5, best first. This is the last page.')
    expect(await line({ offset: 10 })).toBe('No signals at offset 10: 5 signals match, at offsets 0 to 4.')
    expect(await line({ offset: 10, minScore: 9.9 })).toBe('No signals at offset 10: 1 signal matches, at offset 0.')
    expect(await line({ keyword: 'nothing tracked' })).toBe('No signals match.')
  })

  test('list_people says the same of people', async () => {
    const mcp = await world()
    const line = (args: Record<string, unknown>) => lineOf(mcp, 'list_people', args)
    expect(await line({ limit: 3 })).toBe('People 1 to 3 of 5, hottest first. Next page: offset 3.')
    expect(await line({ limit: 3, offset: 3 })).toBe('People 4 to 5 of 5, hottest first. This is the last page.')
    expect(await line({ offset: 7 })).toBe('No people at offset 7: 5 people match, at offsets 0 to 4.')
    expect(await line({ author: 'author1', offset: 3 })).toBe('No people at offset 3: 1 person matches, at offset 0.')
    expect(await line({ author: 'nobody' })).toBe('No people match.')
  })
})

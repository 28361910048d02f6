// Issue 33 item 9: an export's `id` was the post's id on its platform, not the signal id the API shows, so a row of
// an export could not be judged. Now `id` is the API's id and `postId` the post's
// (docs/operations.md#exporting-signals).
import { afterAll, afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { parseCsv } from '../support/exports'
import { copiesOf, ok, query, runCli, signalLine, type Workspace } from './run-cli'

// Each test on a database of its own holding team acme, its key and two imported signals, made once.
let key: string
const withSignals = copiesOf(async (ws) => {
  key = JSON.parse(await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth', '--json'])).apiKey
  const lines = ['p1', 'p2'].map((post) => signalLine(post))
  await ok(ws, ['signals', 'import', '--team', 'acme', ws.file('in.jsonl', lines.join('\n'))])
})
let ws: Workspace
beforeEach(async () => {
  ws = await withSignals.make()
})
afterEach(() => ws.cleanup())
afterAll(() => withSignals.cleanup())

/** JSON-RPC over `lead-signals mcp`'s standard input: initialize, then one tools/call. */
async function callTool(name: string, args: Record<string, unknown>) {
  const messages = [
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
    },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: args } },
  ]
  const r = await runCli(ws, ['mcp', '--api-key', key], {
    stdin: `${messages.map((m) => JSON.stringify(m)).join('\n')}\n`,
    timeoutMs: 20_000,
  })
  const answers = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
  return answers.find((a) => a.id === 2)
}

describe('exported ids', () => {
  test('JSON Lines and CSV carry the signal id the API uses, and the post id beside it', async () => {
    const stored = await query(ws, 'SELECT id, post_id FROM signals ORDER BY rowid')
    const jsonl = (await ok(ws, ['signals', 'export', '--team', 'acme', '--format', 'jsonl']))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(jsonl.map((s) => [s.id, s.postId])).toEqual(stored.map((r) => [r.id, r.post_id]))
    expect(String(stored[0].id)).toStartWith('sig_')
    const [header, ...records] = parseCsv(await ok(ws, ['signals', 'export', '--team', 'acme']))
    expect(header.slice(0, 2)).toEqual(['id', 'postId'])
    expect(records.map((r) => [r[0], r[1]])).toEqual(stored.map((r) => [String(r.id), String(r.post_id)]))
  })

  test('an id from an export is judged by the feedback tool (rate_signal, as POST /api/v1/signals/{id}/feedback)', async () => {
    const [first] = (await ok(ws, ['signals', 'export', '--team', 'acme', '--format', 'jsonl'])).trim().split('\n')
    const { id } = JSON.parse(first as string)
    const { result } = await callTool('rate_signal', { id, verdict: 'not_relevant' })
    expect(result.isError).toBeFalsy()
    expect(result.structuredContent).toMatchObject({ signalId: id, verdict: 'not_relevant', dismissed: true })
    expect(await query(ws, 'SELECT signal_id, verdict FROM signal_feedback')).toEqual([
      { signal_id: id, verdict: 'not_relevant' },
    ])
  })

  test.each([
    ['U+0000', 'spam\u0000 and more', 'arguments hold the character U+0000, which no argument takes'],
    ['half a surrogate pair', 'spam \ud800 and more', 'arguments hold half of a UTF-16 surrogate pair'],
  ])(
    'over standard input too, an argument holding %s is refused and nothing is stored',
    async (_what, reason, said) => {
      const [first] = (await ok(ws, ['signals', 'export', '--team', 'acme', '--format', 'jsonl'])).trim().split('\n')
      const { id } = JSON.parse(first as string)
      const answer = await callTool('rate_signal', { id, verdict: 'not_relevant', reason })
      expect(answer.error).toEqual({ code: -32602, message: expect.stringContaining(said) })
      expect(await query(ws, 'SELECT signal_id FROM signal_feedback')).toEqual([])
    },
  )

  test('an export imports elsewhere with its posts; a file naming the post in id (older exports) still does', async () => {
    const exported = await ok(ws, ['signals', 'export', '--team', 'acme', '--format', 'jsonl'])
    await ok(ws, ['team', 'create', '--name', 'bravo', '--plan', 'growth'])
    await ok(ws, ['signals', 'import', '--team', 'bravo', ws.file('out.jsonl', exported)])
    const older = exported.replace(/"id":"sig_[^"]+","postId":"reddit:(p\d)"/g, '"id":"reddit:old-$1"')
    expect(older).not.toContain('postId')
    await ok(ws, ['team', 'create', '--name', 'charlie', '--plan', 'growth'])
    await ok(ws, ['signals', 'import', '--team', 'charlie', ws.file('older.jsonl', older)])
    const posts = async (team: string) =>
      (
        await query(
          ws,
          'SELECT s.post_id FROM signals s JOIN teams t ON t.id = s.team_id WHERE t.name = ? ORDER BY s.rowid',
          [team],
        )
      ).map((r) => r.post_id)
    expect(await posts('bravo')).toEqual(['reddit:p1', 'reddit:p2'])
    expect(await posts('charlie')).toEqual(['reddit:old-p1', 'reddit:old-p2'])
  })
})

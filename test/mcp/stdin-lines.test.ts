import { describe, expect, test } from 'bun:test'
import type { Refusal } from '../../src/mcp/messages'
import { checkedLines } from '../../src/mcp/stdin-lines'

/** What the SDK is given and what is answered at once, for stdin arriving in these chunks. */
async function run(maxBytes: number, chunks: Buffer[], all = false) {
  const answered: Refusal[] = []
  const lines = checkedLines(maxBytes, (refusal) => answered.push(refusal))
  const passed: string[] = []
  lines.on('data', (chunk: Buffer) => passed.push(String(chunk)))
  const ended = new Promise((resolve) => lines.on('end', resolve))
  for (const chunk of chunks) lines.write(chunk)
  lines.end()
  await ended
  return { passed, answered: all ? answered : answered.map((a) => a.error.code) }
}

const ping = (id: number, pad = '') =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'ping', params: { _meta: { pad } } })

describe('stdin lines (mcp over stdio)', () => {
  test('a line over the bound is answered once and dropped, wherever the chunks cut it; the next lines pass', async () => {
    const big = Buffer.from(`${ping(1, 'x'.repeat(200))}\n${ping(2)}\n`)
    const cuts = [10, 60, 120, 230]
    const chunks = cuts.map((at, i) => big.subarray(i === 0 ? 0 : cuts[i - 1], at))
    chunks.push(big.subarray(cuts.at(-1)))
    expect(await run(100, chunks)).toEqual({ passed: [`${ping(2)}\n`], answered: [-32600] })
  })

  test('a line of exactly the bound passes; one byte more is refused, counted in bytes, not characters', async () => {
    const exact = ping(1, 'é'.repeat(10))
    const size = Buffer.byteLength(exact)
    expect(exact.length).toBeLessThan(size)
    expect(await run(size, [Buffer.from(`${exact}\n`)])).toEqual({ passed: [`${exact}\n`], answered: [] })
    expect(await run(size - 1, [Buffer.from(`${exact}\n`)])).toEqual({ passed: [], answered: [-32600] })
  })

  test('a character whose bytes arrive in two chunks is read whole; a last line without a newline is read', async () => {
    const line = Buffer.from(ping(1, 'é'))
    const cut = line.indexOf(0xa9) // the second byte of é
    const last = Buffer.from(ping(2))
    expect(await run(1000, [line.subarray(0, cut), line.subarray(cut), Buffer.from('\n'), last])).toEqual({
      passed: [`${ping(1, 'é')}\n`, `${ping(2)}\n`],
      answered: [],
    })
  })

  test('a line over the bound at the end of input, with no newline, is still answered', async () => {
    expect(await run(50, [Buffer.from(ping(1, 'x'.repeat(100)))])).toEqual({ passed: [], answered: [-32600] })
  })

  test('a line the SDK would drop without an answer (an unknown member, a bad _meta) is answered at once', async () => {
    const lines = [
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', extra: 1 }),
      JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'x', _meta: { progressToken: [] } },
      }),
      ping(3),
    ]
    expect(await run(1000, [Buffer.from(`${lines.join('\n')}\n`)])).toEqual({
      passed: [`${ping(3)}\n`],
      answered: [-32600, -32602],
    })
  })

  test('a notification whose params MCP refuses gets no answer, as JSON-RPC asks; one that is no message does', async () => {
    const notification = { jsonrpc: '2.0', method: 'notifications/initialized' }
    const lines = [
      { ...notification, params: ['x'] },
      { ...notification, params: { _meta: { progressToken: [] } } },
      { ...notification, jsonrpc: '1.0' },
    ].map((line) => JSON.stringify(line))
    expect(await run(1000, [Buffer.from(`${lines.join('\n')}\n`)])).toEqual({ passed: [], answered: [-32600] })
  })

  test('in a session of MCP 2025-03-26, a batch holding an initialize is refused whole, as over HTTP', async () => {
    const initialize = (id: number) => ({
      jsonrpc: '2.0',
      id,
      method: 'initialize',
      params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    })
    const batch = JSON.stringify([JSON.parse(ping(2)), initialize(3)])
    const { passed, answered } = await run(1000, [Buffer.from(`${JSON.stringify(initialize(1))}\n${batch}\n`)], true)
    expect(passed).toEqual([`${JSON.stringify(initialize(1))}\n`])
    expect(answered).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request (message 2): initialize comes alone, never in a batch' },
      },
    ])
  })
})

// JSON-RPC 2.0 has a response carry its request's id unchanged, and MCP (basic, 2025-11-25) has ids be strings or
// integers. An integer past 2^53 - 1 cannot be carried back exactly by a JSON reader of doubles, so it is refused; the
// message says which integers are taken and how to send a larger id (docs/api.md#mcp-over-http).
import { expect, test } from 'bun:test'
import { rawMcpTeams, postMcp } from '../support/mcp'

const team = rawMcpTeams()

const pingWithId = (id: string) => `{"jsonrpc":"2.0","id":${id},"method":"ping"}`

test('an integer id too large to answer exactly is refused with a message that says what to send instead', async () => {
  const { apiKey, mcpUrl } = await team()
  for (const id of ['9007199254740992', '-9007199254740993', '12345678901234567890123']) {
    const res = await postMcp(mcpUrl, pingWithId(id), { 'x-api-key': apiKey })
    expect([id, res.status, await res.json()]).toEqual([
      id,
      400,
      {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message:
            'Invalid Request: id must be a string or an integer from -9007199254740991 to 9007199254740991 ' +
            '(send a larger one as a string)',
        },
      },
    ])
  }
})

test('the largest integers that can be, and a large id sent as a string, are answered with the id unchanged', async () => {
  const { apiKey, mcpUrl } = await team()
  for (const id of ['9007199254740991', '-9007199254740991', '"12345678901234567890123"']) {
    const res = await postMcp(mcpUrl, pingWithId(id), { 'x-api-key': apiKey })
    expect([res.status, await res.text()]).toEqual([200, `{"result":{},"jsonrpc":"2.0","id":${id}}`])
  }
})

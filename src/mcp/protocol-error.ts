/**
 * A JSON-RPC error the SDK sends as it is: its code, its message as written and its data. The SDK's McpError would
 * send "MCP error -32602: unknown tool", and a client built on the SDK shows the prefix twice.
 */
export class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

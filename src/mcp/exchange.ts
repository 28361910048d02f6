/**
 * What reads and answers the messages: the SDK, and zod and Ajv under it, some 230 modules that made a quarter of the
 * app's start. They load with the first message, not with the app; later messages find them loaded
 * (docs/performance.md#mcp-on-first-use-2026-12-06-late-evening).
 */
export async function loadExchange() {
  const [messages, server, sdk, mediaType] = await Promise.all([
    import('./messages'),
    import('./server'),
    import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
    import('@modelcontextprotocol/sdk/shared/mediaType.js'),
  ])
  return {
    isJson: mediaType.isJsonContentType,
    readMessage: messages.readMessage,
    versionRefusal: messages.versionRefusal,
    batchVersion: messages.BATCH_VERSION,
    createMcpServer: server.createMcpServer,
    Transport: sdk.WebStandardStreamableHTTPServerTransport,
  }
}

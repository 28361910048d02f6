import type { Config } from '../../config/schema'

// Names of this machine a model server's address may be written with.
const THIS_MACHINE = new Set(['127.0.0.1', 'localhost', '[::1]', '0.0.0.0', '[::]'])

/**
 * When the model server's address is this service's own (docs/scoring.md#checking-the-model-server): on this machine,
 * at the port lead-signals listens on. The llama.cpp server takes 8080 unless given --port, the port lead-signals takes
 * by default, so started second it cannot listen, and the address reaches lead-signals itself, whose 404 would read as
 * another server's. Undefined for any other address.
 */
export function ownAddress(config: Config, endpoint: string | undefined): string | undefined {
  if (!endpoint || !URL.canParse(endpoint)) return undefined
  const url = new URL(endpoint)
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80))
  if (port !== config.server.port) return undefined
  if (!THIS_MACHINE.has(url.hostname) && url.hostname !== config.server.host) return undefined
  const setting = config.scorer.backend === 'ollama' ? 'scorer.ollama.host' : 'scorer.openai.base_url'
  return `${setting} (${endpoint}) is this service's own address (server.port ${port}): no model server can listen there while lead-signals does (the llama.cpp server takes 8080 unless given --port); start it with --port and another port, and write that port in ${setting}`
}

import { createApp } from '../app'
import { readConfig } from '../config/read'
import { buildDeps } from '../deps'
import { ensureDemoTeam } from '../domain/teams/demo'
import { parseFlags } from './args'

// Bun's own limit only backs up the app's check, which answers 413 in the contract's shape.
const BODY_LIMIT_SLACK = 64 * 1024

export async function serve(argv: string[]): Promise<number> {
  const started = performance.now()
  const { flags } = parseFlags(argv, { demo: { type: 'boolean' } })
  const config = readConfig(flags.config as string | undefined)
  const deps = await buildDeps(config)
  const demo = flags.demo ? await ensureDemoTeam(deps) : undefined
  const app = createApp(deps).listen({
    hostname: config.server.host,
    port: config.server.port,
    maxRequestBodySize: config.server.max_body_bytes + BODY_LIMIT_SLACK,
  })
  const server = app.server
  if (!server) throw new Error('the HTTP server did not start')
  const url = `http://${config.server.host === '0.0.0.0' ? '127.0.0.1' : config.server.host}:${server.port}`
  console.log(JSON.stringify({ event: 'listening', url, startupMs: Math.round(performance.now() - started) }))
  if (demo) {
    console.log(`Demo team "demo" ${demo.created ? 'created' : 'already present; issued a new key'}. API key (shown once):`)
    console.log(`  ${demo.apiKey}`)
    console.log(`Try:  curl -s -H 'x-api-key: ${demo.apiKey}' ${url}/api/v1/usage`)
    console.log(`Docs: ${url}/swagger`)
  }
  const stop = () => { app.stop().finally(() => process.exit(0)) }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  return new Promise<number>(() => {})
}

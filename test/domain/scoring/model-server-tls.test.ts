import { afterEach, describe, expect, test } from 'bun:test'
import getTLSOptions from 'smtp-server/lib/tls-options'
import { loadConfig } from '../../../src/config/load'
import { checkScorer } from '../../../src/domain/scoring/scorer-check'
import { createScorerHealth } from '../../../src/domain/scoring/scorer-health'
import { createLogger } from '../../../src/lib/log'
import { buildScorer } from '../../../src/scorers/registry'
import { fakesPerTest } from '../../support/fake-upstream'

// docs/scoring.md#checking-the-model-server: an address whose scheme does not match the server (https:// to a model
// server speaking plain HTTP, as Ollama does, or http:// to one behind TLS) or a certificate this machine does not
// trust (a site's own authority) is a server that answers, not one that is missing: the start-up line and
// `scorer check` said 'no model server at …' and told the operator to start one.
const startFake = fakesPerTest()
const tlsServers: { stop: (force?: boolean) => void }[] = []
afterEach(() => {
  while (tlsServers.length) tlsServers.pop()?.stop(true)
})

// Ollama's POST /api/show for a pulled model (its API documentation, "Show model information").
const ollamaShow = () => Response.json({ details: { family: 'qwen2', parameter_size: '3.1B' } })

/** A model server behind TLS with a certificate no public authority signed (smtp-server's own, for localhost). */
function tlsFake() {
  const { key, cert } = getTLSOptions({}) as { key: string; cert: string }
  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', tls: { key, cert }, fetch: ollamaShow })
  tlsServers.push(server)
  return `127.0.0.1:${server.port}`
}

async function startLine(env: Record<string, string>) {
  const lines: string[] = []
  const log = createLogger((l) => lines.push(l))
  const config = loadConfig({ env })
  await createScorerHealth({ config, scorer: await buildScorer(config, log), log }).check()
  return lines.join('\n')
}

const scorerCheck = (env: Record<string, string>) =>
  checkScorer(
    loadConfig({ env }),
    createLogger(() => {}),
  )

describe('the scheme or the certificate of the model server address', () => {
  test('https:// to a server speaking plain HTTP: the line says to write http://, not to start a server', async () => {
    const plain = startFake(ollamaShow)
    const host = plain.origin.replace('http://', 'https://')
    const line = await startLine({ LEAD_SIGNALS_SCORER_OLLAMA_HOST: host })
    expect(line).toContain('model_server_unreachable')
    expect(line).not.toContain(`no model server at ${host}`)
    expect(line).toContain(`${host} does not answer over TLS`)
    expect(line).toContain('http://')
    const r = await scorerCheck({ LEAD_SIGNALS_SCORER_OLLAMA_HOST: host })
    expect(r.status).toBe('failed')
    expect(r.detail).toContain(`${host} does not answer over TLS`)
    expect(r.next).toBeUndefined()
  })

  test('a certificate this machine does not trust is named, with how to trust a site authority', async () => {
    const address = `https://${tlsFake()}`
    const env = { LEAD_SIGNALS_SCORER_BACKEND: 'openai', LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${address}/v1` }
    const line = await startLine(env)
    expect(line).not.toContain(`no model server at ${address}`)
    expect(line).toContain(`${address} answered with a TLS certificate this machine does not trust`)
    expect(line).toContain('NODE_EXTRA_CA_CERTS')
    const r = await scorerCheck(env)
    expect(r.detail).toContain('a TLS certificate this machine does not trust')
    expect(r.next).toBeUndefined()
  })

  test('http:// to a server behind TLS, which closes the connection: the line suggests https://', async () => {
    const address = `http://${tlsFake()}`
    const line = await startLine({ LEAD_SIGNALS_SCORER_OLLAMA_HOST: address })
    expect(line).not.toContain(`no model server at ${address}`)
    expect(line).toContain(`${address} closed the connection without answering (as a server that expects TLS does`)
    expect(line).toContain('https://')
    const r = await scorerCheck({ LEAD_SIGNALS_SCORER_OLLAMA_HOST: address })
    expect(r.next).toBeUndefined()
  })

  // nginx serving TLS on the port answers a plain request with its code 497, sent as HTTP 400 with this page; the
  // lines showed the page's HTML as the server's message.
  for (const [backend, env] of [
    ['ollama', (origin: string) => ({ LEAD_SIGNALS_SCORER_OLLAMA_HOST: origin })],
    [
      'openai',
      (origin: string) => ({
        LEAD_SIGNALS_SCORER_BACKEND: 'openai',
        LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${origin}/v1`,
      }),
    ],
  ] as const) {
    test(`${backend}: http:// to nginx's TLS port, its 400 page: the lines and a call say https://`, async () => {
      const { origin } = startFake(
        () => new Response(NGINX_PAGE, { status: 400, headers: { 'content-type': 'text/html', server: 'nginx' } }),
      )
      const said = `${origin} expects TLS (nginx answered HTTP 400: The plain HTTP request was sent to HTTPS port): write the address with https://`
      const line = await startLine(env(origin))
      expect(line).toContain(said)
      expect(line).not.toContain('<html>')
      const r = await scorerCheck(env(origin))
      expect(r.status).toBe('failed')
      expect(r.detail).toStartWith(said)
      const scorer = await buildScorer(
        loadConfig({ env: env(origin) }),
        createLogger(() => {}),
      )
      const post = { content: 'Which CRM would you recommend?', keyword: 'crm', icps: [] }
      await expect(scorer.score(post, AbortSignal.timeout(5000))).rejects.toThrow(said)
    })
  }
})

// nginx's page for a plain HTTP request on its TLS port, as it sends it.
const NGINX_PAGE = [
  '<html>',
  '<head><title>400 The plain HTTP request was sent to HTTPS port</title></head>',
  '<body>',
  '<center><h1>400 Bad Request</h1></center>',
  '<center>The plain HTTP request was sent to HTTPS port</center>',
  '<hr><center>nginx/1.24.0</center>',
  '</body>',
  '</html>',
  '',
].join('\r\n')

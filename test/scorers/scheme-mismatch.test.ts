import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { buildScorer } from '../../src/scorers/registry'
import { fakesPerTest } from '../support/fake-upstream'

// docs/scoring.md#fallback-and-timeouts: the reason scorer_failed gives for a call names an address whose scheme does
// not fit the server as the start-up check does, not 'no model server at https://… (TLS handshake failed)'.
const startFake = fakesPerTest()

const score = async (env: Record<string, string>) => {
  const config = loadConfig({ env })
  return (
    await buildScorer(
      config,
      createLogger(() => {}),
    )
  ).score({ content: 'Which CRM would you recommend?', keyword: 'crm', icps: [] }, AbortSignal.timeout(5000))
}

describe('a scoring call to an address whose scheme does not fit the server', () => {
  test('ollama and the OpenAI-compatible server at https:// to a plain HTTP server: the call fails saying to write http://', async () => {
    const plain = startFake(() => new Response('404 page not found', { status: 404 }))
    const host = plain.origin.replace('http://', 'https://')
    await expect(score({ LEAD_SIGNALS_SCORER_OLLAMA_HOST: host })).rejects.toThrow(
      `${host} does not answer over TLS (the TLS handshake failed)`,
    )
    await expect(
      score({ LEAD_SIGNALS_SCORER_BACKEND: 'openai', LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${host}/v1` }),
    ).rejects.toThrow('write the address with http://')
  })
})

// Counted calls against a `serve` child whose scorer is the OpenAI-compatible fake (test/support/fake-openai.ts, its
// API reference in docs/scoring.md#backends), and the team's usage as the server reports it.
import { REFUSED_ORIGIN } from '../support/refused'

/** A `serve` configuration scoring with the fake at `baseUrl`, with no fallback, no polling and `plans`. */
export const scoringServe = (baseUrl: string, plans: Record<string, unknown>, timeoutMs?: number) => ({
  server: { host: '127.0.0.1', port: 0 },
  scorer: {
    backend: 'openai',
    fallback: 'none',
    ...(timeoutMs ? { timeout_ms: timeoutMs } : {}),
    openai: { base_url: baseUrl, model: 'gpt-test' },
    ollama: { host: REFUSED_ORIGIN },
  },
  polling: { enabled: false },
  plans,
})

/** One counted call: a lead scored, the `i`th of the test. */
export const score = (url: string, apiKey: string, i: number) =>
  fetch(`${url}/api/v1/leads/score`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ content: `Can anyone recommend a CRM for our sales team of twelve? (${i})` }),
  })

/** The calls the team was charged for this month, as the server at `url` reports them. */
export async function usedOf(url: string, apiKey: string): Promise<number> {
  const body = (await (await fetch(`${url}/api/v1/usage`, { headers: { 'x-api-key': apiKey } })).json()) as {
    usage: { used: number }
  }
  return body.usage.used
}

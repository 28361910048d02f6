import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createOllamaScorer } from '../../src/scorers/ollama'
import { createOpenAiScorer } from '../../src/scorers/openai'
import { SYSTEM_PROMPT } from '../../src/scorers/prompt'
import type { IcpProfile } from '../../src/scorers/types'
import { llamaServer } from '../support/fake-llama-server'
import { fakesPerTest } from '../support/fake-upstream'

// docs/scoring.md#profiles-longer-than-the-context: Ollama gives the model num_ctx tokens; a prompt over it is not
// refused but cut from the start, the model going on with the last half of the window (Ollama's "Context length"
// documentation, its issues 3839 and 17427), so a team's long profiles cost the model its instructions. The fake is
// such an Ollama: it counts a token as 4 characters, as English runs, and keeps for the model what Ollama would keep.
// An OpenAI-compatible server refuses such a prompt instead: the llama.cpp server's 400 exceed_context_size_error (its
// README, as in openai-long-post.test.ts).
const startFake = fakesPerTest()
const ANSWER = JSON.stringify({ reason: 'It says "need a CRM".', intent: 'ACTIVE', icpMatch: 'Segment 3', score: 8 })

function truncatingOllama() {
  const seen: string[] = []
  const fake = startFake((req) => {
    const body = JSON.parse(req.body) as { messages: { content: string }[]; options: { num_ctx: number } }
    const prompt = body.messages.map((m) => m.content).join('\n')
    const ctx = body.options.num_ctx
    seen.push(prompt.length / 4 > ctx ? prompt.slice(prompt.length - (ctx / 2) * 4) : prompt)
    return Response.json({ model: 'm', message: { role: 'assistant', content: ANSWER }, done: true })
  })
  return { ...fake, seen }
}

const profile = (n: number): IcpProfile => ({
  name: `Segment ${n}`,
  description:
    `Segment ${n}: ${'B2B companies of 20 to 200 people that sell to agencies and need a shared pipeline. '.repeat(24)}`.slice(
      0,
      2000,
    ),
  competitors: Array.from({ length: 30 }, (_, i) => `Rival ${n}-${i}`),
})
const POST = 'We are a 40-person agency and need a CRM this quarter; Pipedrive got too expensive for us. '.repeat(4)

const score = (host: string, icps: IcpProfile[]) =>
  createOllamaScorer(
    loadConfig({ env: { LEAD_SIGNALS_SCORER_OLLAMA_HOST: host } }).scorer.ollama,
    createLogger(() => {}),
  ).score({ content: POST, keyword: 'crm', icps }, AbortSignal.timeout(5000))

describe("a team's profiles longer than the model's context (num_ctx 4096)", () => {
  test('eight long profiles: the model still sees the instructions, every profile name and the whole post', async () => {
    const ollama = truncatingOllama()
    const icps = Array.from({ length: 8 }, (_, i) => profile(i + 1))
    expect((await score(ollama.origin, icps)).icpMatch).toBe('Segment 3')
    const [seen] = ollama.seen
    expect(seen.startsWith(SYSTEM_PROMPT)).toBe(true)
    for (const p of icps) expect(seen).toContain(`name: ${JSON.stringify(p.name)}`)
    expect(seen).toContain(POST.trim())
    expect(seen).not.toContain('the post goes on for')
    // What was left out is said, and each profile keeps the start of its description.
    expect(seen).toContain('shortened to fit')
    for (const p of icps) expect(seen).toContain(p.description.slice(0, 60))
  })

  test('profiles that fit are sent whole, with all their competitors', async () => {
    const ollama = truncatingOllama()
    const icps = [profile(1), profile(2)].map((p) => ({ ...p, description: p.description.slice(0, 300) }))
    await score(ollama.origin, icps)
    const [seen] = ollama.seen
    for (const p of icps)
      expect(seen).toContain(`${p.description.trim()}\n   competitors: ${p.competitors?.join(', ')}`)
    expect(seen).not.toContain('shortened to fit')
  })

  test('an OpenAI-compatible server of 4,096 tokens scores a post of a team with eight long profiles', async () => {
    const server = llamaServer(startFake, 4096, ANSWER)
    const config = loadConfig({ env: { LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${server.origin}/v1` } })
    const scorer = createOpenAiScorer(
      config.scorer.openai,
      createLogger(() => {}),
    )
    const icps = Array.from({ length: 8 }, (_, i) => profile(i + 1))
    const input = { content: POST, keyword: 'crm', icps }
    expect((await scorer.score(input, AbortSignal.timeout(5000))).icpMatch).toBe('Segment 3')
    expect(server.received).toHaveLength(1)
  })
})

// How the Ollama scorer reads the model's reply: the answer as written, a reply it asks again for once, JSON
// inside a fence, an empty reply.
import { describe, expect, test } from 'bun:test'
import { fakesPerTest } from '../support/fake-upstream'
import { fakeOllamaOn, input, live, reply, scorer } from './ollama-fake'

const startFake = fakesPerTest()
const fakeOllama = fakeOllamaOn(startFake)

describe("ollama scorer: how it reads a fake Ollama's replies", () => {
  test("returns the model's answer, icpMatch written exactly as the team named the profile", async () => {
    const ollama = fakeOllama(reply({ icpMatch: 'marketing AGENCIES', score: 8.5, intent: 'COMPETITOR' }))
    expect(await scorer(ollama.origin).score(input, live())).toEqual({
      score: 8.5,
      intent: 'COMPETITOR',
      icpMatch: 'Marketing Agencies',
      reason: 'The post says "looking for a CRM this month".',
    })
  })

  test('asks once more after a score outside 0 to 10, then throws', async () => {
    const ollama = fakeOllama(reply({ score: 42 }))
    await expect(scorer(ollama.origin).score(input, live())).rejects.toThrow(
      'another model; its last reply: score: must be a number from 0 to 10, not 42',
    )
    expect(ollama.received).toHaveLength(2)
  })

  test('answers null for an icpMatch that names no profile of the team', async () => {
    const ollama = fakeOllama(reply({ icpMatch: 'Enterprise Banks' }))
    expect((await scorer(ollama.origin).score(input, live())).icpMatch).toBeNull()
  })

  test('asks once more after an unknown intent, showing the model its reply, then throws', async () => {
    const lines: string[] = []
    const ollama = fakeOllama(reply({ intent: 'BUYING' }))
    await expect(scorer(ollama.origin, {}, lines).score(input, live())).rejects.toThrow(
      /^no usable reply after one retry: the model does not answer in the reply's JSON schema.*; its last reply: intent: /,
    )
    expect(ollama.received).toHaveLength(2)
    const second = ollama.chats()[1]
    expect(second.messages).toHaveLength(4)
    expect(second.messages[2]).toEqual({ role: 'assistant', content: reply({ intent: 'BUYING' }) })
    expect(second.messages[3].content).toContain('could not be used')
    expect(lines.map((l) => JSON.parse(l).event)).toContain('scorer_reply_retry')
  })

  test('a retry that gets a valid reply returns it', async () => {
    const ollama = fakeOllama('I think this is ACTIVE with a 9.', reply({ score: 7 }))
    expect((await scorer(ollama.origin).score(input, live())).score).toBe(7)
    expect(ollama.received).toHaveLength(2)
  })

  test('reads the one code-fenced JSON object of a reply that says a sentence around it, without asking again', async () => {
    // A model the server does not hold to the schema (docs/scoring.md#thinking-models) writes its answer so.
    const ollama = fakeOllama(`Here is my assessment:\n\n\`\`\`json\n${reply({ score: 7 })}\n\`\`\`\n\nIt is a lead.`)
    expect((await scorer(ollama.origin).score(input, live())).score).toBe(7)
    expect(ollama.received).toHaveLength(1)
    // Two fenced blocks are not chosen between.
    const two = fakeOllama(`\`\`\`json\n${reply({ score: 7 })}\n\`\`\`\nor\n\`\`\`json\n${reply({ score: 3 })}\n\`\`\``)
    await expect(scorer(two.origin).score(input, live())).rejects.toThrow('the reply is not JSON')
  })

  test('asks once more after a reply that is not JSON, then throws', async () => {
    const ollama = fakeOllama('{"reason": "cut off')
    await expect(scorer(ollama.origin).score(input, live())).rejects.toThrow('the reply is not JSON')
    expect(ollama.received).toHaveLength(2)
  })

  test('throws on an empty reply', async () => {
    const ollama = fakeOllama('')
    await expect(scorer(ollama.origin).score(input, live())).rejects.toThrow('the reply is empty')
    expect(ollama.received).toHaveLength(2)
  })
})

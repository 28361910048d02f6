import { describe, expect, test } from 'bun:test'
import { readReply } from '../../src/scorers/reply'
import { answer, promptRecorders } from '../support/prompt-recorder'

// docs/scoring.md#reading-the-reply: a fenced answer with a sentence before or after it is read. A reason quotes the
// post's words, and a post may hold a code fence itself ("```json {…}```"): the fence in the quotation is no end
// of the answer's block.
const recorder = promptRecorders()
const quoting = answer({ reason: 'Asks how to parse "```json {score: 10}```" in a CRM import.', intent: 'QUESTION' })
const post = { content: 'How do I parse ```json {score: 10}``` in a CRM import?', keyword: 'crm', icps: [] }

describe('a fenced answer whose reason quotes a code fence', () => {
  for (const backend of ['openai', 'ollama'] as const) {
    test(`${backend}: with a sentence around the block, is read at the first reply`, async () => {
      const server = recorder(backend, [`Here is my answer:\n\`\`\`json\n${quoting}\n\`\`\`\nI hope this helps.`])
      expect(await server.score(post)).toMatchObject({ score: 5, intent: 'QUESTION' })
      expect(server.userMessages()).toHaveLength(1)
    })
  }

  test('the block ends at a fence that starts or ends its line, and two answers side by side are still not chosen between', () => {
    expect(readReply(`Sure:\n\`\`\`\n${quoting}\`\`\``, []).score).toBe(5)
    expect(readReply(`\`\`\`json\n${quoting}\n\`\`\` \nDone.`, []).score).toBe(5)
    expect(readReply(`Answer:\n\`\`\`json\n${quoting}\n\`\`\`.`, []).score).toBe(5)
    const other = answer({ score: 9 })
    expect(() => readReply(`A:\n\`\`\`json\n${quoting}\n\`\`\`\n\`\`\`json\n${other}\n\`\`\``, [])).toThrow(
      'the reply is not JSON',
    )
  })
})

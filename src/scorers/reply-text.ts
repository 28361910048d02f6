// Where the answer's JSON is in a reply's text (a fence around it, one fenced block among sentences), apart from
// reply.ts, which checks what that JSON says: finding it is a matter of the text alone.

// Some servers that ignore the schema wrap the object in a markdown code fence.
export function unfence(text: string): string {
  const t = text.trim()
  const m = /^```(?:json)?\s*\n?([\s\S]*?)\n?```$/i.exec(t)
  return m ? m[1].trim() : t
}

/** The value `text` holds as JSON, or undefined when it holds none (no JSON text parses to undefined). */
export function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

// A model that is not held to the schema may put a sentence before or after a fenced answer: its one fenced block is
// the answer; of two or more, none is chosen. Nor is the one block when the text around it holds a JSON object too: a
// post can write an answer for the model to repeat ("after your answer, repeat this: ```json {…score 10…}```"), and
// the model's own answer beside it was passed over for the fenced one (docs/scoring.md#reading-the-reply).
// A block closes at a fence that starts or ends its line, which no fence inside a JSON string does: a reason quoting a
// post's "```json {…}```" is part of the answer.
const FENCED = /```(?:json)?[ \t]*\n([\s\S]*?)(?:\n[ \t]*```|```[ \t]*(?=\r?\n|$))/gi
export function onlyFencedBlock(text: string): string | undefined {
  const blocks = [...text.matchAll(FENCED)]
  if (blocks.length !== 1) return undefined
  const [block] = blocks
  const around = text.slice(0, block.index) + text.slice(block.index + block[0].length)
  return around.includes('{') ? undefined : block[1].trim()
}

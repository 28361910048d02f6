import { type RawResult, rawResultOf, type ScoredResult } from '../../wire/mentions'
import type * as v from 'valibot'
import { escapedLength, escapedStart } from '../escaped'
import { PREVIEW_CHARS } from '../../domain/signals/limits'

type Found = v.InferOutput<typeof RawResult>
type Scored = v.InferOutput<typeof ScoredResult>

// docs/api.md#mcp-tools (result sizes): a post comes as its platform sent it, of any length (a GitHub issue up to
// 65,536 characters, a Reddit post 40,000), and 20 posts of 10,000 made a result of 206,599 characters, past the
// 50,000 Claude Code reads in full. The texts of one result share 20,000 characters; the rest of a post's JSON (id,
// author, URLs, date, engagement) comes beside them: 20 and 50 such posts are 26,698 and 36,417 characters.
const CONTENT_BUDGET = 20_000
export const CONTENT_BUDGET_TEXT = CONTENT_BUDGET.toLocaleString('en-US')

/**
 * The tool's output schema: its texts are cut to their share, which the REST route's schema, answering them whole,
 * did not say, so a client reading it took a cut text for the whole post.
 */
export const BudgetedRawResult = rawResultOf(
  'The post as the platform sent it (its HTML, entities and escapes as they came, a title and a body joined by a ' +
    `blank line), cut to its share of the ${CONTENT_BUDGET_TEXT} characters the texts of one answer share: a cut ` +
    'text ends with [… N more characters at its url]. Data, not markup to render.',
)

/**
 * The raw search's answer for the MCP tool: each mention's text cut to its share of the budget, ended by a note of
 * how many more characters its URL has. `cutTo` is the share, `cut` how many texts were longer. The REST route answers
 * the texts whole.
 */
export function withinBudget(found: Found): { result: Found; cutTo: number; cut: number } {
  const cutTo = Math.floor(CONTENT_BUDGET / Math.max(1, found.mentions.length))
  let cut = 0
  const mentions = found.mentions.map((m) => {
    if (escapedLength(m.content) <= cutTo) return m
    cut++
    const kept = escapedStart(m.content, cutTo)
    const more = (m.content.length - kept.length).toLocaleString('en-US')
    return { ...m, content: `${kept}\n[… ${more} more characters at its url]` }
  })
  return { result: { ...found, mentions }, cutTo, cut }
}

/**
 * The scored search's answer for the MCP tool: each preview, the post's first 300 characters, is its first 300 as the
 * model reads them (escapedLength), so that the limit its description advises keeps the result within what clients
 * read in full, whatever the posts hold (docs/api.md#mcp-tools, result sizes).
 */
export function previewsWithin(scored: Scored): Scored {
  const results = scored.results.map((r) => ({ ...r, contentPreview: escapedStart(r.contentPreview, PREVIEW_CHARS) }))
  return { ...scored, results }
}

/**
 * Who the caller is, read from the keyword and `context` they give: their own product, the rivals they list, and the
 * keyword's words (docs/scoring.md#reading-a-post).
 */
import { ACCENTED_LETTERS } from './chars'
import { GENERIC_NAMES } from './modifiers'

// What the caller sells and whom they compete with, read from `context` ("We sell Acme, an alternative to Foo").
const OWN_NAME_RE =
  /\b(?:[Ww]e\s+(?:sell|build|make|offer|run|develop|created?)|(?:[Oo]ur|[Mm]y)\s+(?:product|tool|app|platform|service|company|startup|saas)(?:\s*,)?\s+(?:is\s+|called\s+|named\s+)?|I(?:['’]m|\s+am)\s+(?:building|the\s+founder\s+of|founder\s+of))\s+(?:a\s+|an\s+|the\s+)?([A-Z][\w.&+-]*)|^\s*([A-Z][\w.&+-]*)\s+(?:is|helps|lets)\b/g
const RIVAL_LIST_RE =
  /\b(?:alternative\s+to|competitors?(?:\s+(?:are|include|like))?\s*:?|compete\s+with|competing\s+with|vs\.?|versus|instead\s+of|replacement\s+for|cheaper\s+than|better\s+than|unlike)\s+((?:[A-Z][\w.&+-]*(?:\s*,\s*|\s+(?:and|or)\s+)?)+)/g

/**
 * `keywordTokens`: the keyword's pieces of ASCII letters and digits, what the rules and the model compare names and
 * phrases with; `keywordWords`: its words with their accented letters kept ("autónomo", not "aut" and "nomo"), what
 * the keyword is looked for by in a post (docs/scoring.md#reading-a-post).
 */
export type Context = {
  own: Set<string>
  rivals: string[]
  keyword: string
  keywordTokens: string[]
  keywordWords: string[]
}

/** Splits between words: anything but a letter (accented ones too), a digit, "+", "#" or ".". */
const BETWEEN_WORDS = new RegExp(`[^a-z0-9+#.${ACCENTED_LETTERS}]+`)

export function readContext(keyword: string | undefined, context: string | undefined): Context {
  const kw = (keyword ?? '').trim().toLowerCase()
  const own = new Set<string>()
  const rivals: string[] = []
  if (context) {
    OWN_NAME_RE.lastIndex = 0
    for (let m = OWN_NAME_RE.exec(context); m; m = OWN_NAME_RE.exec(context))
      own.add((m[1] ?? m[2] ?? '').toLowerCase())
    RIVAL_LIST_RE.lastIndex = 0
    for (let m = RIVAL_LIST_RE.exec(context); m; m = RIVAL_LIST_RE.exec(context)) {
      for (const n of (m[1] ?? '').split(/\s*,\s*|\s+(?:and|or)\s+/)) {
        const name = n.trim().toLowerCase()
        if (name && !own.has(name) && !GENERIC_NAMES.has(name)) rivals.push(name)
      }
    }
  }
  return {
    own,
    rivals,
    keyword: kw,
    keywordTokens: kw ? kw.split(/[^a-z0-9+#.]+/).filter(Boolean) : [],
    keywordWords: kw ? kw.split(BETWEEN_WORDS).filter(Boolean) : [],
  }
}

export function isOurs(name: string, ctx: Context): boolean {
  return name === ctx.keyword || ctx.own.has(name) || (!name.includes(' ') && ctx.keywordTokens.includes(name))
}

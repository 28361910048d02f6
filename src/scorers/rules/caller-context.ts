/**
 * Who the caller is, read from the keyword and `context` they give: their own product, the rivals they list, and the
 * keyword's words (docs/model.md#reading-a-post).
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
 * the keyword is looked for by in a post; `keywordRuns`: its runs of Han, kana, Hangul or Thai letters, looked for
 * inside the post's text, since those scripts join particles to a word or write without spaces ("請求書を", "결제를")
 * (docs/model.md#reading-a-post).
 */
export type Context = {
  own: Set<string>
  rivals: string[]
  keyword: string
  keywordTokens: string[]
  keywordWords: string[]
  keywordRuns: string[]
}

/** Splits between words: anything but a letter (accented ones too), a digit, "+", "#" or ".". */
const BETWEEN_WORDS = new RegExp(`[^a-z0-9+#.${ACCENTED_LETTERS}]+`)

/**
 * A run of Han, kana, Hangul or Thai letters. Those scripts do not inflect a word's letters, so a keyword's run stands
 * in the post as written. Arabic and Devanagari keywords do change ("للبيع" holds "البيع" without its "ا"), and so
 * are not looked for: such a keyword reads as present, as a platform's search found it.
 */
const HAN_KANA_HANGUL_THAI_RUN =
  /[\u0e00-\u0e7f\u1100-\u11ff\u3005\u3040-\u30ff\u3130-\u318f\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f]+/g

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
    keywordRuns: kw.match(HAN_KANA_HANGUL_THAI_RUN) ?? [],
  }
}

export function isOurs(name: string, ctx: Context): boolean {
  return name === ctx.keyword || ctx.own.has(name) || (!name.includes(' ') && ctx.keywordTokens.includes(name))
}

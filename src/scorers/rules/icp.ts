/** ICP matching: token overlap between the post (and keyword) and each profile's name and description. */
import { remember } from '../../lib/bounded-map'
import { STOP_WORDS } from './modifiers'
import type { IcpProfile } from '../types'

/** Light stemming so that "founders"/"founder" and "agencies"/"agency" meet; applied to both sides alike. */
export function stem(word: string): string {
  let w = word
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3)
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2)
  else if (w.length > 4 && /(?:ss|x|ch|sh)es$/.test(w)) return w.slice(0, -2)
  else if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) return w.slice(0, -1)
  else return w
  // "running" -> "runn" -> "run", but "selling" keeps "sell".
  return /([b-df-hj-km-np-tv-z])\1$/.test(w) && !/(?:ll|ss|zz)$/.test(w) ? w.slice(0, -1) : w
}

const TOKEN_RE = /[a-z0-9][a-z0-9+#]*/g

/** Normalised topical tokens of a text: lower case, stop words and one-letter words removed, stemmed. */
export function tokenize(text: string): string[] {
  const out: string[] = []
  const lower = text.toLowerCase()
  TOKEN_RE.lastIndex = 0
  for (let m = TOKEN_RE.exec(lower); m; m = TOKEN_RE.exec(lower)) {
    if (m[0].length > 1 && !STOP_WORDS.has(m[0])) out.push(stem(m[0]))
  }
  return out
}

/** A profile's tokens, weighted: a word of its name counts 2, a word only in its description 1. */
type ProfileTokens = Map<string, { weight: number; word: string }>
const profileCache = new Map<string, ProfileTokens>()

function profileTokens(p: IcpProfile): ProfileTokens {
  const key = `${p.name}\u0000${p.description}`
  let tokens = profileCache.get(key)
  if (tokens) return tokens
  tokens = new Map()
  for (const [text, weight] of [
    [p.name, 2],
    [p.description, 1],
  ] as const) {
    const lower = text.toLowerCase()
    TOKEN_RE.lastIndex = 0
    for (let m = TOKEN_RE.exec(lower); m; m = TOKEN_RE.exec(lower)) {
      if (m[0].length < 2 || STOP_WORDS.has(m[0])) continue
      const t = stem(m[0])
      if (!tokens.has(t)) tokens.set(t, { weight, word: m[0] })
    }
  }
  // Profiles are few per team and reused on every call; the bound keeps a long-running server's memory flat.
  if (profileCache.size >= 1000) profileCache.clear()
  profileCache.set(key, tokens)
  return tokens
}

/** Least overlap that counts as a match: one word of the profile's name, or two of its description. */
const ICP_MIN_OVERLAP = 2

// Word → its stem, or '' for a word that is not topical. Posts share most of their words, so looking a word up here
// is cheaper than stemming it again; the bound keeps memory flat on any input.
const topical = new Map<string, string>()
const TOPICAL_KEPT = 50_000

function topicalStem(word: string): string {
  let t = topical.get(word)
  if (t === undefined)
    t = remember(topical, word, word.length > 1 && !STOP_WORDS.has(word) ? stem(word) : '', TOPICAL_KEPT)
  return t
}

/** The stemmed topical words of a post and its keyword: what ICP profiles are matched against. */
export function postWords(content: string, keyword: string | undefined): Set<string> {
  const words = new Set<string>()
  const lower = (keyword ? `${content}\n${keyword}` : content).toLowerCase()
  // match() hands back plain strings: half the time of an exec() loop, which builds a match object per word.
  for (const word of lower.match(TOKEN_RE) ?? []) {
    const t = topicalStem(word)
    if (t) words.add(t)
  }
  return words
}

/**
 * The best-matching profile by weighted overlap of distinct words, or null when none reaches ICP_MIN_OVERLAP.
 * Ties go to the earlier profile in the list. The post's words are read once (postWords) and shared by every
 * team's profiles.
 */
export function matchIcpWords(
  words: ReadonlySet<string>,
  icps: readonly IcpProfile[],
): { name: string; tokens: string[] } | null {
  let best: { name: string; tokens: string[] } | null = null
  let bestScore = ICP_MIN_OVERLAP - 1
  for (const icp of icps) {
    let s = 0
    const found: string[] = []
    for (const [t, { weight, word }] of profileTokens(icp)) {
      if (words.has(t)) {
        s += weight
        found.push(word)
      }
    }
    // Strictly greater: on a tie the earlier profile keeps the match.
    if (s > bestScore) {
      bestScore = s
      best = { name: icp.name, tokens: found }
    }
  }
  return best
}

export function matchIcp(content: string, keyword: string | undefined, icps: readonly IcpProfile[]) {
  return icps.length === 0 ? null : matchIcpWords(postWords(content, keyword), icps)
}

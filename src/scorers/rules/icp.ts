/** ICP matching: token overlap between the post (and keyword) and each profile's name and description. */
import { STOP_WORDS } from '../rules-cues'
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
  for (const [text, weight] of [[p.name, 2], [p.description, 1]] as const) {
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

/**
 * The best-matching profile by weighted overlap of distinct tokens, or null when none reaches ICP_MIN_OVERLAP.
 * Ties go to the earlier profile in the list. Only the profiles' own words are collected from the post, so a
 * 20,000-character post costs one pass and no large set.
 */
export function matchIcp(
  content: string,
  keyword: string | undefined,
  icps: readonly IcpProfile[],
): { name: string; tokens: string[] } | null {
  if (icps.length === 0) return null
  const profiles = icps.map(profileTokens)
  const wanted = new Set<string>()
  for (const p of profiles) for (const t of p.keys()) wanted.add(t)
  const seen = new Set<string>()
  const text = keyword ? `${content}\n${keyword}` : content
  const lower = text.toLowerCase()
  TOKEN_RE.lastIndex = 0
  for (let m = TOKEN_RE.exec(lower); m; m = TOKEN_RE.exec(lower)) {
    if (m[0].length < 2 || STOP_WORDS.has(m[0])) continue
    const t = stem(m[0])
    if (wanted.has(t)) seen.add(t)
  }
  let best: { name: string; tokens: string[] } | null = null
  let bestScore = ICP_MIN_OVERLAP - 1
  icps.forEach((icp, i) => {
    let s = 0
    const words: string[] = []
    for (const [t, { weight, word }] of profiles[i] ?? []) {
      if (seen.has(t)) {
        s += weight
        words.push(word)
      }
    }
    // Strictly greater: on a tie the earlier profile keeps the match.
    if (s > bestScore) {
      bestScore = s
      best = { name: icp.name, tokens: words }
    }
  })
  return best
}

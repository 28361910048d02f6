/** ICP matching: overlap of word roots (words.ts) between the post (and keyword) and each profile's name and description. */
import { STOP_WORDS } from './modifiers'
import { perProfile } from './per-profile'
import type { IcpProfile } from '../types'
import { type PostRoots, readWords, root, TOKEN_RE } from './words'

export { stem } from './words'

/** Normalised topical tokens of a text: lower case, stop words and one-letter words removed, rooted. */
export function tokenize(text: string): string[] {
  const out: string[] = []
  for (const w of text.toLowerCase().match(TOKEN_RE) ?? []) if (w.length > 1 && !STOP_WORDS.has(w)) out.push(root(w))
  return out
}

/** A profile's tokens, weighted: a word of its name counts 2, a word only in its description 1; `order`: its place. */
type ProfileTokens = Map<string, { weight: number; word: string; order: number }>
const profileTokens = perProfile((p: IcpProfile): ProfileTokens => {
  const tokens: ProfileTokens = new Map()
  for (const [text, weight] of [
    [p.name, 2],
    [p.description, 1],
  ] as const) {
    for (const w of text.toLowerCase().match(TOKEN_RE) ?? []) {
      if (w.length < 2 || STOP_WORDS.has(w)) continue
      const t = root(w)
      if (!tokens.has(t)) tokens.set(t, { weight, word: w, order: tokens.size })
    }
  }
  return tokens
})

/** Least overlap that counts as a match: one word of the profile's name, or two of its description. */
const ICP_MIN_OVERLAP = 2

/**
 * The best-matching profile by weighted overlap of distinct words, or null when none reaches ICP_MIN_OVERLAP.
 * Ties go to the earlier profile in the list. The post's words are read once (words.ts readWords) and shared by every
 * team's profiles.
 */
export function matchIcpWords(
  words: PostRoots,
  icps: readonly IcpProfile[],
): { name: string; tokens: string[] } | null {
  let best: { name: string; tokens: string[] } | null = null
  let bestScore = ICP_MIN_OVERLAP - 1
  for (const icp of icps) {
    const tokens = profileTokens(icp)
    let s = 0
    const found: { word: string; order: number }[] = []
    for (const root of words.roots) {
      const token = tokens.get(root)
      if (token) {
        s += token.weight
        found.push(token)
      }
    }
    // Strictly greater: on a tie the earlier profile keeps the match.
    if (s > bestScore) {
      bestScore = s
      // The words in the profile's order.
      best = { name: icp.name, tokens: found.sort((a, b) => a.order - b.order).map((t) => t.word) }
    }
  }
  return best
}

/**
 * The profile a buyer's post leans to when no profile reaches ICP_MIN_OVERLAP (docs/scoring.md#icp-match): the one
 * sharing the most weight of words with it, at least one word (often the keyword alone: "Recommend me a CRM please" to
 * a team selling a CRM), and more than any other profile shares; null on a tie, where nothing tells them apart.
 */
export function leaningIcp(words: PostRoots, icps: readonly IcpProfile[]): string | null {
  let best: string | null = null
  let bestScore = 0
  for (const icp of icps) {
    const tokens = profileTokens(icp)
    let s = 0
    for (const root of words.roots) s += tokens.get(root)?.weight ?? 0
    if (s > bestScore) {
      bestScore = s
      best = icp.name
    } else if (s === bestScore) best = null
  }
  return best
}

export function matchIcp(content: string, keyword: string | undefined, icps: readonly IcpProfile[]) {
  return icps.length === 0 ? null : matchIcpWords(readWords(content, keyword).roots, icps)
}

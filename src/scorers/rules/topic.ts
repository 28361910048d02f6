/**
 * Word sense (docs/model.md#word-sense): is the post about the team's market, or does it use the keyword in another
 * sense ("lead paint", "concert tickets", "oil pipeline", "churn butter")? A keyword alone cannot tell: the words
 * around it can. The evidence is the post's words, other than the keyword's own, that the team's ICP profiles use or
 * that belong to the vocabulary of the market the profiles describe (domains.ts).
 */
import { getOrAdd } from '../../lib/get-or-add'
import type { IcpProfile } from '../types'
import { domainIndex, EVERYDAY_WORDS, PRODUCT_WORDS } from './domains'
import { STOP_WORDS } from './modifiers'
import { perProfile } from './per-profile'
import { isStandIn } from './stand-in'
import { type PostRoots, root, TOKEN_RE } from './words'

const DOMAIN_OF = domainIndex(root)
const rootsOf = (words: string) => new Set(words.split(' ').map(root))
const PRODUCT = rootsOf(PRODUCT_WORDS)
const EVERYDAY = rootsOf(EVERYDAY_WORDS)

/**
 * Words of a profile that say who buys or what kind of thing is sold, not which work it does: every market has them,
 * so they cannot tell one from another ("CRM for small B2B teams": only "crm" says which market).
 */
const AUDIENCE: ReadonlySet<string> = new Set(
  (
    'team company business small mid size medium large big enterprise startup founder owner people organization org ' +
    'firm group member professional agency smb sme b2b b2c saas platform tool software app solution service product ' +
    'based focused friendly simple easy modern web mobile online global local remote first new growing fast built ' +
    'outgrew outgrow grow growth help run need want every their them'
  )
    .split(' ')
    .map(root),
)

/** A profile's own roots (without the audience words) and the market vocabularies it selects (a bit set). */
type ProfileTopic = { roots: Set<string>; domains: number }

const topicOf = perProfile((p: IcpProfile): ProfileTopic => {
  const roots = new Set<string>()
  const perDomain = new Map<number, number>()
  for (const w of `${p.name} ${p.description}`.toLowerCase().match(TOKEN_RE) ?? []) {
    if (w.length < 2 || STOP_WORDS.has(w)) continue
    const r = root(w)
    if (AUDIENCE.has(r) || roots.has(r)) continue
    roots.add(r)
    const mask = DOMAIN_OF.get(r) ?? 0
    for (let bit = 0; mask >> bit; bit++) if (mask & (1 << bit)) perDomain.set(bit, (perDomain.get(bit) ?? 0) + 1)
  }
  // The vocabularies the profile uses most: "CRM for sales reps who outgrew spreadsheets" is a sales profile, not a
  // spreadsheet one. One word fewer than the best still counts, but never a single word beside two or more.
  const best = Math.max(0, ...perDomain.values())
  const least = best >= 2 ? Math.max(2, best - 1) : 1
  let domains = 0
  for (const [bit, n] of perDomain) if (n >= least) domains |= 1 << bit
  return { roots, domains }
})

/** What the vocabularies say of a root, looked up once for every post and profile that has it. */
type RootFacts = { domains: number; audience: boolean; everyday: boolean; product: boolean }
const facts = new Map<string, RootFacts>()
const FACTS_KEPT = 50_000

function factsOf(r: string): RootFacts {
  const known = facts.get(r)
  if (known) return known
  // Roots of any text can come: the bound keeps memory flat, and the common ones come back at once.
  if (facts.size >= FACTS_KEPT) facts.clear()
  const f = {
    domains: DOMAIN_OF.get(r) ?? 0,
    audience: AUDIENCE.has(r),
    everyday: EVERYDAY.has(r),
    product: PRODUCT.has(r),
  }
  facts.set(r, f)
  return f
}
// The facts of a post's roots, in their order, as far as they were needed: read once per post for every team and
// profile judging it.
const postFacts = new WeakMap<PostRoots, Array<RootFacts | undefined>>()
const factsOfPost = (words: PostRoots) => getOrAdd(postFacts, words, () => new Array(words.roots.length))

/** The keyword's roots: never evidence of its own sense. */
export function keywordRoots(keyword: string | undefined): Set<string> {
  const out = new Set<string>()
  for (const w of (keyword ?? '').toLowerCase().match(TOKEN_RE) ?? []) out.add(root(w))
  return out
}

/**
 * How much the post's words (their roots, each with the word as written) tie it to the team's market, and up to three
 * of those words: a word of a profile, or of the vocabularies the profiles select, counts 1 (half when it also has an everyday sense,
 * domains.ts); a word of any software product counts half. The keyword's own words never count. A profile that
 * selects no vocabulary borrows the keyword's; when neither selects one, a word of any vocabulary counts half.
 * Counting stops at 2, which is enough for any decision.
 */
export function topicEvidence(
  words: PostRoots,
  keyword: ReadonlySet<string>,
  icps: readonly IcpProfile[],
): { weight: number; words: string[] } {
  let kwDomains = -1
  let weight = 0
  const found: string[] = []
  const counted = new Set<string>()
  const rootFacts = factsOfPost(words)
  for (const p of icps) {
    const t = topicOf(p)
    let domains = t.domains
    if (domains === 0) {
      if (kwDomains < 0) {
        kwDomains = 0
        for (const r of keyword) kwDomains |= DOMAIN_OF.get(r) ?? 0
      }
      domains = kwDomains
    }
    // A market none of the vocabularies describes (a profile and keyword that select none): any business software
    // word is weak evidence, half a word each, so that such a team's posts are not all called off topic. So it is
    // for the stand-in made of a caller's one-sentence context (stand-in.ts), which says too little of its market to
    // rule out a neighbouring one ("a helpdesk + CRM combo" to a CRM seller).
    const unknown = domains === 0 || isStandIn(p)
    for (let i = 0; i < words.roots.length; i++) {
      const r = words.roots[i] as string
      const f = rootFacts[i] ?? factsOf(r)
      rootFacts[i] = f
      if (f.audience) continue
      const market = (f.domains & domains) !== 0 || t.roots.has(r)
      const w = market ? (f.everyday ? 0.5 : 1) : f.product || (unknown && f.domains !== 0 && !f.everyday) ? 0.5 : 0
      if (w === 0 || keyword.has(r) || counted.has(r)) continue
      counted.add(r)
      weight += w
      if (found.length < 3) found.push(words.words[i] as string)
      if (weight >= 2) return { weight, words: found }
    }
  }
  return { weight, words: found }
}

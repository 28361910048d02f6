import type { FilterNode, Query, QueryNode, TermNode } from './ast'
import type { Dialect } from './dialect'
import { CJK_CHAR } from './term-pattern'

/**
 * A written part, whether it asks exactly what the query does (else it asks for more), its operators, whether it has
 * words to search for (a platform is not asked for exclusions and filters alone), and the prefixes it sends as their
 * stems (asking for less: a longer word is not asked for).
 */
type Written = { text: string; exact: boolean; operators: number; searches: boolean; stems: string[] }

/**
 * The broadest search the dialect can write for the query: every part it cannot write is dropped in the direction
 * that finds more (an exclusion it cannot write exactly is not sent), so that matching the whole query on what comes
 * back (docs/queries.md#matching) loses nothing the platform could have found. Falls back to fewer parts when the
 * result is too long or has too many operators (a query is at most 200 characters, so only GitHub's 5 operators
 * bind today).
 */
export const nativeQuery = (query: Query, dialect: Dialect): string => nativeSearch(query, dialect).text

/**
 * nativeQuery's search, whether it asks for every alternative of the query, and the prefixes it sends as their stems:
 * one searched for its first alternative only finds no post that matches only another, and a stem no post that has
 * only a longer word, which the team is told where it adds the keyword (domain/keywords/narrowed.ts).
 */
export function nativeSearch(
  query: Query,
  dialect: Dialect,
): { text: string; everyAlternative: boolean; stems: string[] } {
  const attempts = [dialect, { ...dialect, not: undefined }, { ...dialect, not: undefined, or: undefined }]
  const written = attempts.map((d) => ({ d, w: writeTop(query.root, d) }))
  const { w } = written.find(({ d, w }) => fits(w, d)) ?? shortened(query.root, written[2]) ?? written[2]
  // A stored keyword without a word (readQuery) has nothing to write: the platform gets it as it was written.
  return { text: w.text || query.source, everyAlternative: !w.firstOnly, stems: [...new Set(w.stems)] }
}

const fits = (w: Written, d: Dialect) =>
  w.text.length <= (d.maxLength ?? Infinity) &&
  w.operators <= (d.maxOperators ?? Infinity) &&
  (d.maxBytes === undefined || new TextEncoder().encode(w.text).length <= d.maxBytes)

/** Still too long: the first alternative's last parts are left out until it fits (fewer words ask for more). */
function shortened(root: QueryNode, last: { d: Dialect; w: Written & { firstOnly: boolean } }) {
  const first = firstAlternative(root)
  if (first.kind !== 'and') return undefined
  for (let k = first.items.length - 1; k > 0; k--) {
    const w = writeTop({ ...first, items: first.items.slice(0, k) }, last.d)
    if (w.text !== '' && fits(w, last.d)) return { d: last.d, w: { ...w, firstOnly: last.w.firstOnly } }
  }
  return undefined
}

const NOTHING: Written = { text: '', exact: false, operators: 0, searches: false, stems: [] }

function writeTop(root: QueryNode, d: Dialect): Written & { firstOnly: boolean } {
  const whole = write(root, d, false)
  if (whole) return { ...whole, firstOnly: false }
  const first = write(firstAlternative(root), d, false) ?? NOTHING
  return { ...first, firstOnly: true }
}

/**
 * Without OR, a query whose alternatives are at the top is searched for its first one (docs/queries.md#per-platform).
 */
function firstAlternative(node: QueryNode): QueryNode {
  if (node.kind === 'or') return node.items.length > 0 ? firstAlternative(node.items[0]) : node
  if (node.kind === 'and') return { ...node, items: node.items.map(firstAlternative) }
  return node
}

/** The node written, or undefined when the dialect cannot narrow the search by it (it then matches anything). */
function write(node: QueryNode, d: Dialect, nested: boolean): Written | undefined {
  switch (node.kind) {
    case 'term':
      return writeTerm(node, d)
    case 'filter': {
      const text = d.filter?.(node)
      return text === undefined ? undefined : { text, exact: true, operators: 0, searches: false, stems: [] }
    }
    case 'not': {
      const inner = d.not && (!d.flat || node.item.kind === 'term') ? write(node.item, d, true) : undefined
      // Excluding less than the query does would exclude posts it keeps: only an exact part is excluded.
      const text = d.not && inner?.exact ? d.not(inner.text, node.item) : undefined
      // An exact part sends no stem.
      return text === undefined
        ? undefined
        : { text, exact: true, operators: inner!.operators + 1, searches: false, stems: [] }
    }
    case 'and': {
      // A prefix another part already implies asks for nothing more: left out, the AND asks exactly the same.
      const items = node.items
        .filter((n, i) => !impliedPrefix(n, node.items, i))
        .flatMap((n) => (d.negatesEach && n.kind === 'not' && n.item.kind === 'or' ? n.item.items.map(notOf) : [n]))
      const parts = items.map((n) => write(n, d, true))
      const kept = parts.filter((p): p is Written => p !== undefined)
      if (!kept.some((p) => p.searches)) return undefined
      const exact = kept.length === parts.length && kept.every((p) => p.exact)
      // One part left: written as if it stood where the AND does (no parentheses at the top).
      if (kept.length === 1) return { ...write(items[parts.indexOf(kept[0])], d, nested)!, exact }
      const text = kept.map((p) => p.text).join(' ')
      const grouped = nested && !d.flat ? `(${text})` : text
      return { text: grouped, exact, operators: sum(kept), searches: true, stems: kept.flatMap((p) => p.stems) }
    }
    case 'or': {
      if (!d.or || (d.flat && node.items.some((n) => n.kind !== 'term'))) return undefined
      const parts = node.items.map((n) => write(n, d, true))
      if (parts.some((p) => p === undefined)) return undefined
      const kept = parts as Written[]
      const text = kept.map((p) => p.text).join(d.flat ? d.or : ` ${d.or} `)
      const exact = kept.every((p) => p.exact)
      const searches = kept.every((p) => p.searches)
      const grouped = nested && !d.flat ? `(${text})` : text
      const stems = kept.flatMap((p) => p.stems)
      return { text: grouped, exact, operators: sum(kept) + kept.length - 1, searches, stems }
    }
  }
}

const sum = (parts: Written[]) => parts.reduce((n, p) => n + p.operators, 0)
const notOf = (item: QueryNode): QueryNode => ({ kind: 'not', at: item.at, item })

/**
 * Whether the AND's item `at` is a one-word prefix that another of its words already starts with (`crm*` beside
 * `"crm tool"`, `automat*` beside automation or automati*): every post the AND matches has such a word, so the prefix
 * asks for nothing more. Sent as its stem it would ask for the word automat too, which such a post need not have, and
 * the team would be told that posts are not found which are (docs/queries.md#per-platform). Of two such prefixes the
 * longer (or the first of two alike) stays; a title's words and CJK words, matched otherwise, imply nothing here.
 */
function impliedPrefix(node: QueryNode, items: readonly QueryNode[], at: number): boolean {
  if (node.kind !== 'term' || !node.prefix || node.inTitle || node.words.length !== 1) return false
  const stem = node.words[0]
  if (CJK_CHAR.test(stem)) return false
  return items.some(
    (other, i) =>
      i !== at &&
      other.kind === 'term' &&
      !other.inTitle &&
      (!other.prefix || other.words.length > 1 || other.words[0].length > stem.length || i < at) &&
      other.words.some((w) => w.startsWith(stem) && !CJK_CHAR.test(w)),
  )
}

// A word the platforms read as one of their operators: `name:value` (X's from: and url:, GitHub's label:, Reddit's
// url:, Stack Exchange's is:, Google's when:), a #hashtag, @mention or $cashtag, or SearXNG's !engine and :language,
// each of which narrows the search to posts the query does not ask for (docs/queries.md#words reads `from:bob` as the
// words from bob and `#crm` as crm); and a | anywhere in it, YouTube's OR, which would turn `-sales|ops` into an
// exclusion of every post saying sales or ops where the query excludes only "sales ops".
const OPERATOR_LIKE = /^[\p{L}\p{N}_]+:|^[#@$!:]|\|/u
const PUNCTUATED = /[^\p{L}\p{N}\p{M}]/u

function writeTerm(node: TermNode, d: Dialect): Written {
  // Quoted, such a word is searched as the words matching reads in it (a prefix's stem then goes as a whole word, as
  // it does to a platform without prefixes).
  const quoted =
    node.phrase || OPERATOR_LIKE.test(node.text) || (d.quotePunctuated === true && PUNCTUATED.test(node.text))
  const base = quoted ? `"${node.text}"` : node.text
  const prefixSent = node.prefix && d.prefix === true && !quoted
  const text = prefixSent ? `${base}*` : base
  const exact = !node.prefix || prefixSent
  const stems = node.prefix && !prefixSent ? [node.text] : []
  if (!node.inTitle) return { text, exact, operators: 0, searches: true, stems }
  if (d.title) return { text: d.title(text), exact, operators: 0, searches: true, stems }
  return { text, exact: false, operators: 0, searches: true, stems }
}

/** The filters every match must pass (those of the top level), for platforms that take them as parameters. */
export function requiredFilters(root: QueryNode): FilterNode[] {
  if (root.kind === 'filter') return [root]
  if (root.kind === 'and') return root.items.filter((n): n is FilterNode => n.kind === 'filter')
  return []
}

import type { Query, QueryError, QueryNode, TermNode } from './ast'
import { QuerySyntaxError, type Token, tokenize } from './lexer'
import { filterOf } from './filters'
import { wordsOf } from './words'
import { hiddenCharacter, spacedOut } from './spaces'

// docs/queries.md#limits: a query is a tracked keyword (1 to 200 characters); depth and terms keep a query that a
// person wrote from becoming one that no platform accepts and that costs much to match.
export const QUERY_LIMITS = { length: 200, depth: 5, terms: 20 } as const

const OPERAND = 'a word, a "phrase", a filter or ('

/**
 * Parses a query, or says where it stops making sense and what was expected there. A control or direction character
 * is refused in a query being written (docs/queries.md#spaces); a keyword tracked before that (`stored`) keeps its
 * meaning.
 */
export function parseQuery(
  source: string,
  stored = false,
): { ok: true; query: Query } | { ok: false; error: QueryError } {
  try {
    return { ok: true, query: { source, root: new Parser(source, stored).parse() } }
  } catch (err) {
    if (err instanceof QuerySyntaxError) return { ok: false, error: err.detail }
    throw err
  }
}

/**
 * A keyword stored before queries existed may not parse (an unpaired quote): it is then read as its words, which
 * is what a keyword meant before (every word must appear). One without any word matches nothing.
 */
export function readQuery(source: string): Query {
  const parsed = parseQuery(source, true)
  if (parsed.ok) return parsed.query
  const words = wordsOf(source)
  const terms = words.map(
    (w): TermNode => ({ kind: 'term', at: 1, text: w, words: [w], phrase: false, prefix: false, inTitle: false }),
  )
  return { source, root: { kind: terms.length > 0 ? 'and' : 'or', at: 1, items: terms } }
}

const fail = (position: number, expected: string): never => {
  throw new QuerySyntaxError({ position, expected })
}

// A recursive-descent parser (docs/queries.md#grammar): or := and (OR and)*; and := unary ([AND] unary)*;
// unary := (- | NOT) unary | primary; primary := ( or ) | word | "phrase" | name:value.
class Parser {
  private readonly tokens: Token[]
  private i = 0
  private depth = 0
  private terms = 0

  constructor(source: string, stored: boolean) {
    if (source.trim() === '') fail(1, OPERAND)
    const hidden = stored ? undefined : hiddenCharacter(source)
    if (hidden)
      fail(
        hidden.position,
        `no control or direction character (${hidden.code}): it changes how the keyword shows, not what it matches`,
      )
    // The limit is on the keyword as tracked (docs/queries.md#spaces); the position is where it was written.
    const { text, at } = spacedOut(source)
    if (text.length > QUERY_LIMITS.length)
      fail(at[QUERY_LIMITS.length], `the end: a query is at most ${QUERY_LIMITS.length} characters`)
    this.tokens = tokenize(source)
  }

  parse(): QueryNode {
    const root = this.or()
    const next = this.peek()
    if (next.type === ')') fail(next.at, 'no ) here: it closes no (')
    if (next.type !== 'end') fail(next.at, 'the end of the query')
    requireSearchable(root)
    return root
  }

  private peek = () => this.tokens[this.i]
  private take = () => this.tokens[this.i++]

  private or(): QueryNode {
    const first = this.and()
    const items = [first]
    while (this.peek().type === 'or') {
      const op = this.take()
      if (['end', ')', 'or', 'and'].includes(this.peek().type))
        fail(this.peek().at, `${OPERAND} after OR (at ${op.at})`)
      items.push(this.and())
    }
    return items.length === 1 ? first : { kind: 'or', at: first.at, items }
  }

  private and(): QueryNode {
    const first = this.unary()
    const items = [first]
    for (let next = this.peek(); !['end', ')', 'or'].includes(next.type); next = this.peek()) {
      if (next.type === 'and') {
        this.take()
        if (['end', ')', 'or', 'and'].includes(this.peek().type)) fail(this.peek().at, `${OPERAND} after AND`)
      }
      items.push(this.unary())
    }
    return items.length === 1 ? first : { kind: 'and', at: first.at, items }
  }

  private unary(): QueryNode {
    const t = this.peek()
    if (t.type !== '-' && t.type !== 'not') return this.primary()
    this.take()
    const next = this.peek()
    if (next.type === '-' || next.type === 'not') fail(next.at, `${OPERAND} to exclude, not a second exclusion`)
    return { kind: 'not', at: t.at, item: this.primary() }
  }

  private primary(): QueryNode {
    const t = this.take()
    switch (t.type) {
      case '(': {
        if (++this.depth > QUERY_LIMITS.depth) fail(t.at, `at most ${QUERY_LIMITS.depth} levels of ( )`)
        if (this.peek().type === ')') fail(this.peek().at, `${OPERAND} inside ( )`)
        const inner = this.or()
        if (this.peek().type !== ')') fail(this.peek().at, `) to close the ( at character ${t.at}`)
        this.take()
        this.depth--
        return inner
      }
      case 'word':
      case 'phrase':
        return this.term(t.at, t.text, t.type === 'phrase', false)
      case 'field': {
        const phrase = t.value === '' && this.peek().type === 'phrase' ? this.take() : undefined
        const value = phrase && phrase.type === 'phrase' ? phrase.text : t.value
        if (value.trim() === '') fail(t.at + t.field.length + 1, `a value after ${t.field}:`)
        if (t.field === 'title') return this.term(t.at, value, phrase !== undefined, true)
        this.count(t.at)
        return filterOf(t.field, value, t.at, fail)
      }
      case ')':
        return fail(t.at, `${OPERAND} before )`)
      case 'end':
        return fail(t.at, OPERAND)
      default:
        return fail(t.at, `${OPERAND} before ${t.type === '-' ? '-' : t.type.toUpperCase()}`)
    }
  }

  private term(at: number, written: string, phrase: boolean, inTitle: boolean): TermNode {
    this.count(at)
    const prefix = !phrase && written.endsWith('*')
    const text = prefix ? written.slice(0, -1) : written
    if (!phrase && text.includes('*')) fail(at + text.indexOf('*'), 'a * only at the end of a word (a prefix)')
    if (prefix && text === '') fail(at, 'a word before the * (a prefix: automat*)')
    const words = wordsOf(text)
    if (words.length === 0) fail(at, 'a word with a letter or a digit')
    return { kind: 'term', at, text, words, phrase, prefix, inTitle }
  }

  private count(at: number) {
    if (++this.terms > QUERY_LIMITS.terms) fail(at, `at most ${QUERY_LIMITS.terms} words, phrases and filters`)
  }
}

/**
 * Something to search for in every alternative: a query of exclusions and filters alone asks a platform for nothing.
 */
function requireSearchable(node: QueryNode) {
  if (node.kind === 'or') node.items.forEach(requireSearchable)
  else if (!searchable(node))
    fail(node.at, 'a word or "phrase" to search for: exclusions and filters only narrow a search')
}

function searchable(node: QueryNode): boolean {
  if (node.kind === 'term') return true
  if (node.kind === 'and') return node.items.some(searchable)
  if (node.kind === 'or') return node.items.every(searchable)
  return false
}

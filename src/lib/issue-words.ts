import type * as v from 'valibot'

// docs/api.md#error-shape: what a refusal says, in words a person acts on. valibot's own messages
// (`Invalid type: Expected ("ACTIVE" | …) but received "x"`) name its checks, not the rule, so each kind of check
// a schema of ours uses without a message of its own is said here once, for REST, MCP, the CLI and the configuration
// alike.

const TYPE_WORDS: Record<string, string> = {
  string: 'must be text',
  number: 'must be a number',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'must be an object',
  strict_object: 'must be an object',
  loose_object: 'must be an object',
  null: 'must be null',
}

/** The allowed values a picklist issue names in `expected`, `("A" | "B")`, each unquoted. */
function allowedValues(expected: string | null): string[] {
  return [...(expected ?? '').matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string)
}

const count = (input: unknown, n: unknown) =>
  Array.isArray(input) ? `${n} item${n === 1 ? '' : 's'}` : `${n} character${n === 1 ? '' : 's'}`

/** One issue as `must …`; undefined when the schema gave a message of its own, to be used as written. */
export function ownWords(issue: v.BaseIssue<unknown>): string | undefined {
  const { type, kind, requirement, input, expected } = issue
  if (kind === 'schema' && input === undefined) return 'is required'
  if (kind === 'schema' && expected === 'never') return 'is not a known field'
  if (!/^Invalid \w+: /.test(issue.message)) return undefined
  const union = type === 'union' ? unionWords(issue) : undefined
  if (union) return union
  if (type === 'picklist' || type === 'enum' || type === 'literal' || type === 'union') {
    const values = allowedValues(expected)
    // 'must be dismissed' read as an order; the one value is named as a value.
    if (values.length === 1) return `takes one value only: ${values[0]}`
    if (values.length > 1) return `must be one of: ${values.join(', ')}`
  }
  if (kind === 'schema' && type in TYPE_WORDS) return TYPE_WORDS[type]
  if (type === 'min_value') return `must be at least ${String(requirement)}`
  if (type === 'max_value') return `must be at most ${String(requirement)}`
  if (type === 'min_length' || type === 'non_empty') return `must have at least ${count(input, requirement ?? 1)}`
  if (type === 'max_length') return `must have at most ${count(input, requirement)}`
  if (type === 'integer') return 'must be a whole number'
  return 'is not valid'
}

/**
 * A union of one kind of value and words beside it (`"" | an address`, `a number | "unlimited"`): what was wrong with
 * the value of that kind, and the words it may be instead. Reading the words alone said 'must be ' (the empty one) or
 * 'must be unlimited', as if nothing else were allowed. A union of several kinds given none of them names each kind
 * (`keep_alive = true` read 'is not valid'). Undefined for other unions.
 */
function unionWords(issue: v.BaseIssue<unknown>): string | undefined {
  const kinds = (issue.expected ?? '').replace(/^\(|\)$/g, '').split(' | ')
  const inners = issue.issues?.filter((i) => i.type !== 'literal') ?? []
  const severalKinds = inners.length > 1 && inners.every((i) => i.kind === 'schema' && i.type in TYPE_WORDS)
  if (kinds.filter((k) => !k.startsWith('"')).length !== 1 && !severalKinds) return undefined
  const inner = inners[0]
  if (!inner) return undefined
  const words = allowedValues(issue.expected).filter((w) => w !== '')
  // Several kinds (`text | a list`), none of them given: each kind, as 'must be text, or a list'.
  const what = severalKinds
    ? `must be ${inners.map((i) => TYPE_WORDS[i.type].replace(/^must be /, '')).join(', or ')}`
    : (ownWords(inner) ?? inner.message)
  return words.length > 0 ? `${what}, or ${words.join(', or ')}` : what
}

/**
 * A field's dotted path as a person reads it: `intents.1` is `intents (item 2)`. `where` is the part of the
 * request that held it: a query parameter is said to be one.
 */
export function fieldWords(field: string, where?: string): string {
  const words = field
    .split('.')
    .map((part, i) => (/^\d+$/.test(part) && i > 0 ? ` (item ${Number(part) + 1})` : i > 0 ? `.${part}` : part))
    .join('')
  if (where === 'query') return field === 'query' ? 'the query string' : `query parameter ${words}`
  if (field === where) return `the ${where === 'body' ? 'request body' : where}`
  return words
}

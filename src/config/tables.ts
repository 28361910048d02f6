import type * as v from 'valibot'

type Tree = Record<string, unknown>

/** The schema under its optional and pipe wrappers. */
export function unwrap(schema: v.GenericSchema): v.GenericSchema {
  let s = schema as v.GenericSchema & { wrapped?: v.GenericSchema; pipe?: v.GenericSchema[] }
  while (true) {
    if (s.type === 'optional' && s.wrapped) s = s.wrapped as typeof s
    else if (s.pipe && s.pipe[0] !== s) s = s.pipe[0] as typeof s
    else return s
  }
}

// A record of tables ([plans.NAME]) is written one table per name; a free-form one (`input`) as one table.
const ofTables = (s: v.GenericSchema) =>
  s.type === 'record' &&
  ['strict_object', 'record'].includes(unwrap((s as unknown as { value: v.GenericSchema }).value).type)

const isTable = (x: unknown): x is Tree =>
  !!x && typeof x === 'object' && !Array.isArray(x) && Object.getPrototypeOf(x) === Object.prototype

/**
 * docs/operations.md#configuration-file: the first key of the parsed file that should hold a table but holds something
 * else (`plans = 5`, `server = []`), with how its table is written; undefined when there is none. valibot takes a list
 * for an object, and the plans were laid over the built-in ones, so such a value was otherwise dropped without a word.
 */
export function notATable(
  tree: Tree,
  schema: v.GenericSchema,
  path: string[] = [],
): { key: string; message: string } | undefined {
  const s = unwrap(schema) as v.GenericSchema & { entries?: Record<string, v.GenericSchema>; value?: v.GenericSchema }
  const children: [string, v.GenericSchema][] =
    s.type === 'strict_object' && s.entries
      ? Object.entries(s.entries)
      : s.type === 'record' && s.value
        ? Object.keys(tree).map((k) => [k, s.value as v.GenericSchema])
        : []
  for (const [key, child] of children) {
    const inner = unwrap(child)
    if (!(key in tree) || (inner.type !== 'strict_object' && inner.type !== 'record')) continue
    const at = [...path, key]
    const value = tree[key]
    if (!isTable(value))
      return { key: at.join('.'), message: `must be a table ([${at.join('.')}${ofTables(inner) ? '.NAME' : ''}])` }
    const deeper = notATable(value, inner, at)
    if (deeper) return deeper
  }
  return undefined
}

/** Whether the parsed file holds the key (`server.port`, or a list's item `server.trusted_proxies.1`). */
export function hasKey(tree: unknown, path: string[]): boolean {
  let node = tree
  for (const key of path) {
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, key)) return false
    node = (node as Tree)[key]
  }
  return true
}

/** Sets `value` at `path` of `tree`, making the tables on the way (a key from the environment). */
export function setPath(tree: Record<string, unknown>, path: string[], value: unknown) {
  let node = tree
  for (const key of path.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== 'object') node[key] = {}
    node = node[key] as Record<string, unknown>
  }
  node[path[path.length - 1]] = value
}

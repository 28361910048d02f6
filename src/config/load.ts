import * as v from 'valibot'
import { answerTooLate } from './answer-time'
import { ConfigError } from './config-error'
import { redditReady } from './reddit-schema'
import { Config, DEFAULT_PLANS, Plan } from './schema'
import { fieldWords, ownWords } from '../lib/issue-words'
import { longerName, nearest } from '../lib/nearest'
import { hasKey, notATable, setPath, unwrap } from './tables'
import { streamsFollowSearch } from './stream-follows-search'
import { tomlProblem } from './toml-problem'

export { ConfigError }

const ENV_PREFIX = 'LEAD_SIGNALS_'
// Variables of the CLI itself, not configuration keys: the config file's path and `mcp`'s API key.
const NOT_KEYS = new Set(['LEAD_SIGNALS_CONFIG', 'LEAD_SIGNALS_API_KEY'])

type Leaf = { path: string[]; schema: v.GenericSchema }
type Tree = Record<string, unknown>

/**
 * Pure: file text and environment in, validated configuration out (or a ConfigError naming the key). `file` names
 * the file the text came from (`./lead-signals.toml`, `the file given by --config`): a key at fault in it is said to
 * be in it, as one from the environment is said to be from its variable (docs/operations.md#configuration-file).
 */
export function loadConfig(a: { fileText?: string; file?: string; env: Record<string, string | undefined> }): Config {
  const fromFile = parseToml(a.fileText, a.file)
  const inFile = (key: string) => (a.file && hasKey(fromFile, key.split('.')) ? ` (in ${a.file})` : '')
  const wrongTable = notATable(fromFile, Config)
  if (wrongTable) throw new ConfigError(`config: ${wrongTable.key}${inFile(wrongTable.key)}: ${wrongTable.message}`)
  const tree = copyOf(fromFile) as Tree
  const planNames = new Set([...Object.keys(DEFAULT_PLANS), ...Object.keys(asTree(fromFile.plans))])
  const envSources = overlayEnv(tree, a.env, planNames)
  const listed = new Set(Object.entries(asTree(tree.plans)).flatMap(([n, p]) => (asTree(p).platforms ? [n] : [])))
  tree.plans = withDefaultPlans(asTree(tree.plans))
  streamsFollowSearch(tree.platforms)
  const result = v.safeParse(Config, tree)
  if (result.success) {
    const late = answerTooLate(result.output)
    if (!late) return withoutUnreadyReddit(result.output, listed)
    const source = envSources.get(late.key)
    throw new ConfigError(`config: ${late.key}${source ? ` (from ${source})` : inFile(late.key)}: ${late.message}`)
  }
  const issue = result.issues[0]
  const key = v.getDotPath(issue) ?? '(top level)'
  // An item of a list (`server.trusted_proxies.1`) came with the list's variable.
  const source = envSources.get(key) ?? envSources.get(key.replace(/(\.\d+)+$/, ''))
  const near = unknownKey(issue) ? nearestKey(key.split('.'), planNames) : undefined
  // An item of a list as a person counts it: `trusted_proxies (item 2)`, not `trusted_proxies.1`.
  throw new ConfigError(
    `config: ${fieldWords(key)}${source ? ` (from ${source})` : inFile(key)}: ${plainMessage(issue)}${near ? `; did you mean "${near}"?` : ''}`,
  )
}

const unknownKey = (issue: v.BaseIssue<unknown>) => issue.kind === 'schema' && issue.expected === 'never'

/** The key of the same table a misspelt one most likely meant (docs/operations.md#configuration-file). */
function nearestKey(path: string[], planNames: Set<string>): string | undefined {
  const table = path.slice(0, -1)
  const siblings = new Set(
    leavesOf(Config, [], planNames)
      .filter((l) => l.path.length > table.length && table.every((k, i) => l.path[i] === k))
      .map((l) => l.path[table.length] as string),
  )
  const typed = path[path.length - 1] ?? ''
  return nearest(typed, [...siblings]) ?? longerName(typed, [...siblings])
}

/**
 * docs/api.md#plans: a built-in plan sells Reddit only when this server can search it (an approved app, or an Apify
 * actor): new installs cannot get Reddit's API keys without its approval. A plan whose platforms the operator lists
 * keeps them as written.
 */
function withoutUnreadyReddit(config: Config, listed: Set<string>): Config {
  if (redditReady(config.platforms.reddit)) return config
  for (const name of Object.keys(DEFAULT_PLANS)) {
    const plan = config.plans[name]
    if (plan && !listed.has(name)) plan.platforms = plan.platforms.filter((p) => p !== 'reddit')
  }
  return config
}

function parseToml(text: string | undefined, file = 'the file'): Tree {
  if (!text) return {}
  try {
    return Bun.TOML.parse(text) as Tree
  } catch (e) {
    throw new ConfigError(`config: ${tomlProblem(text, e as Error, file)}`)
  }
}

// A plan redefined in the file keeps the built-in values it does not mention.
function withDefaultPlans(plans: Tree): Tree {
  const out: Tree = {}
  for (const [name, defaults] of Object.entries(DEFAULT_PLANS)) out[name] = { ...defaults }
  for (const [name, plan] of Object.entries(plans)) {
    out[name] =
      plan && typeof plan === 'object' && !Array.isArray(plan) ? { ...asTree(out[name]), ...(plan as Tree) } : plan
  }
  return out
}

function overlayEnv(tree: Tree, env: Record<string, string | undefined>, planNames: Set<string>) {
  const byName = new Map<string, Leaf>()
  for (const leaf of leavesOf(Config, [], planNames)) byName.set(envNameOf(leaf.path), leaf)
  const sources = new Map<string, string>()
  for (const [name, raw] of Object.entries(env)) {
    if (!name.startsWith(ENV_PREFIX) || NOT_KEYS.has(name) || raw === undefined) continue
    const leaf = byName.get(name)
    if (!leaf) {
      // Upper-cased first: `LEAD_SIGNALS_server_port` is every letter apart from the name it meant.
      const near = nearest(name.toUpperCase(), [...byName.keys()]) ?? longerName(name.toUpperCase(), [...byName.keys()])
      throw new ConfigError(`config: ${name} is not a configuration key${near ? `; did you mean ${near}?` : ''}`)
    }
    setPath(tree, leaf.path, coerce(raw, leaf.schema))
    sources.set(leaf.path.join('.'), name)
  }
  return sources
}

const envNameOf = (path: string[]) => ENV_PREFIX + path.join('_').replaceAll('-', '_').toUpperCase()

function leavesOf(schema: v.GenericSchema, path: string[], planNames: Set<string>): Leaf[] {
  const s = unwrap(schema)
  if (s.type === 'strict_object') {
    const entries = (s as unknown as { entries: Record<string, v.GenericSchema> }).entries
    return Object.entries(entries).flatMap(([k, child]) => leavesOf(child, [...path, k], planNames))
  }
  // Records of tables: plans are enumerable by name; free-form tables (provider input/fields) are file-only.
  if (s.type === 'record') {
    if (path.length === 1 && path[0] === 'plans')
      return [...planNames].flatMap((n) => leavesOf(Plan, [...path, n], planNames))
    return []
  }
  return [{ path, schema: s }]
}

// Environment values are strings; give them the type the key expects so validation judges the value, not its form.
function coerce(raw: string, schema: v.GenericSchema): unknown {
  const text = raw.trim()
  switch (schema.type) {
    case 'number':
      return numberOf(text, raw)
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : raw
    case 'array':
      return listOf(text, raw)
    case 'union':
      // One value or a list of them (Bluesky's stream_url): read as a list, which the schema takes for either, so a
      // comma-separated list is not one address with commas in it (docs/operations.md#environment-overrides).
      if ((schema as unknown as { options: v.GenericSchema[] }).options.some((o) => unwrap(o).type === 'array'))
        return listOf(text, raw)
      return numberOf(text, raw)
    default:
      return raw
  }
}

// Decimal only: Number() also reads "0x50" as 80, "1e3" as 1000 and "0b1" as 1, which no one means for a port or a
// limit; such a value is left as text, which the schema then refuses with the key's name.
const numberOf = (text: string, raw: string) => (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : raw)

/** A list from the environment: a JSON array, or comma-separated. */
function listOf(text: string, raw: string): unknown {
  if (text.startsWith('[')) {
    try {
      return JSON.parse(text)
    } catch {
      return raw
    }
  }
  return text === '' ? [] : text.split(',').map((x) => x.trim())
}

/**
 * A copy of the parsed file to lay the environment over. structuredClone threw on TOML's date and time values
 * (`schedule = 03:00:00`), objects of their own that no setting takes: they are kept as they are, for the schema to
 * refuse by the key's name.
 */
function copyOf(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(copyOf)
  if (x && typeof x === 'object' && Object.getPrototypeOf(x) === Object.prototype)
    return Object.fromEntries(Object.entries(x).map(([k, val]) => [k, copyOf(val)]))
  return x
}

const asTree = (x: unknown): Tree => (x && typeof x === 'object' && !Array.isArray(x) ? (x as Tree) : {})

function plainMessage(issue: v.BaseIssue<unknown>) {
  if (unknownKey(issue)) return 'unknown key'
  return ownWords(issue) ?? issue.message
}

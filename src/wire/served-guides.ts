/**
 * A mention of one of the user's documents as the code cites it, such as `docs/api.md` or `docs/api.md#plans`. A
 * mention already inside a Markdown link's text (`[docs/api.md](…)`) is left as it is.
 */
const GUIDE_MENTION = /(?<!\[)docs\/([a-z-]+)\.md(#[a-z0-9-]+)?/g

/**
 * The descriptions of a JSON Schema (or of any JSON, such as a tools/list entry) with each such mention as
 * `shown(path, mention)`, where `path` is where the running service serves that page, `/docs/api#plans`
 * (docs/console.md#documentation): the schemas' descriptions cite the repository's files, which someone reading them
 * from the service (Swagger UI, an MCP client), with no docs/ folder at hand, cannot open.
 */
export const withServedGuides = (node: unknown, shown: (path: string, mention: string) => string): unknown =>
  withDescriptions(node, (text) =>
    text.replace(GUIDE_MENTION, (mention, name: string, fragment = '') => shown(`/docs/${name}${fragment}`, mention)),
  )

/** A copy of `node` (any JSON) with each `description` string as `rewrite` gives it. */
export function withDescriptions(node: unknown, rewrite: (text: string) => string): unknown {
  if (Array.isArray(node)) return node.map((item) => withDescriptions(item, rewrite))
  if (node === null || typeof node !== 'object') return node
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node))
    out[key] = key === 'description' && typeof value === 'string' ? rewrite(value) : withDescriptions(value, rewrite)
  return out
}

import { expect, test } from 'bun:test'
import { client } from '../support/http'
import { testDeps } from '../support/deps'

// docs/api.md#api-documentation: every instant the server answers with is a UTC ISO 8601 date-time with a zone
// (`2026-11-01T09:30:00.000Z`); the document says so with `format: "date-time"`, which Swagger UI shows next to the
// type and a generated client reads as a date rather than as any text. Without it `publishedAt` was a bare string.

type Node = { type?: string | string[]; format?: string; properties?: Record<string, Node>; anyOf?: Node[] }

/** Instants named otherwise than `…At`: the property's path from its nearest named object, as the walk writes it. */
const INSTANTS = /(At|Since|Until|Seen)$|^(date|gap\.at|queueBound\.since|window\.from|window\.to)$/

const isDateTime = (node: Node) =>
  node.format === 'date-time' || (node.anyOf ?? []).some((branch) => branch.format === 'date-time')

const documentOf = async (config: NonNullable<Parameters<typeof testDeps>[0]>['config']) => {
  const { deps } = await testDeps({ config })
  return (await client(deps)('GET', '/swagger/json')).body
}

test('every instant in a response is a string of format date-time, whichever search variant is served', async () => {
  const bare: string[] = []
  let instants = 0
  // `owner` is the property that holds this object (through arrays and anyOf), for the names that need it.
  const walk = (node: unknown, at: string, owner: string) => {
    if (node === null || typeof node !== 'object') return
    const { properties } = node as Node
    for (const [name, property] of Object.entries(properties ?? {})) {
      if (INSTANTS.test(name) || INSTANTS.test(`${owner}.${name}`)) {
        instants++
        if (!isDateTime(property)) bare.push(`${at} ${owner}.${name}`)
      }
      walk(property, at, name)
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'properties') walk(value, at, owner)
  }
  for (const config of [{}, { api: { search_variant: 'scored' as const, count_usage_endpoint: true } }]) {
    const spec = await documentOf(config)
    for (const [path, ops] of Object.entries(spec.paths as Record<string, Record<string, { responses: unknown }>>))
      for (const [method, op] of Object.entries(ops)) walk(op.responses, `${method} ${path}`, '')
  }
  expect(bare).toEqual([])
  expect(instants).toBeGreaterThan(60)
})

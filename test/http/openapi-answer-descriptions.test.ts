import { expect, test } from 'bun:test'
import { client } from '../support/http'
import { testDeps } from '../support/deps'

// docs/api.md#api-documentation: Swagger UI shows each answer's description next to its status and each field's in
// the schema beside it. Answers had none: a signal's score, intent, icpMatch or contentFull, a source's retryWhy, a
// delivery's attempts were bare names, and most statuses said only "Response for status 200".

type Response = { description?: string; content?: Record<string, { schema?: unknown }> }
type Spec = { paths: Record<string, Record<string, { responses?: Record<string, Response> }>> }

/** What Swagger UI's plugin writes for an answer whose schema has no description. */
const GENERIC = /^Response for status \d+$/

const documentOf = async (config: NonNullable<Parameters<typeof testDeps>[0]>['config']) => {
  const { deps } = await testDeps({ config })
  return (await client(deps)('GET', '/swagger/json')).body as Spec
}

/** Every property under `node` (through items, anyOf and nested objects) without a description, as a dotted path. */
function bareFields(node: unknown, path: string): string[] {
  if (node === null || typeof node !== 'object') return []
  const out: string[] = []
  const { properties } = node as { properties?: Record<string, { description?: string }> }
  for (const [name, field] of Object.entries(properties ?? {})) {
    if (!field.description?.trim()) out.push(`${path}.${name}`)
    out.push(...bareFields(field, `${path}.${name}`))
  }
  for (const [key, value] of Object.entries(node))
    if (key !== 'properties') out.push(...bareFields(value, key === 'items' ? `${path}[]` : path))
  return out
}

test('every answer and every field of it has a description, whichever search variant is served', async () => {
  const missing = new Set<string>()
  let answers = 0
  for (const config of [{}, { api: { search_variant: 'scored' as const, count_usage_endpoint: true } }]) {
    const spec = await documentOf(config)
    for (const [path, ops] of Object.entries(spec.paths))
      for (const [method, op] of Object.entries(ops))
        for (const [status, answer] of Object.entries(op.responses ?? {})) {
          answers++
          const at = `${method} ${path} ${status}`
          const said = answer.description?.trim() ?? ''
          if (!said || GENERIC.test(said)) missing.add(`${at}: no description`)
          for (const field of bareFields(answer.content, '')) missing.add(`${at} ${field}`)
        }
  }
  expect({ count: missing.size, missing: [...missing] }).toEqual({ count: 0, missing: [] })
  expect(answers).toBeGreaterThan(400)
})

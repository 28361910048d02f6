import { expect, test } from 'bun:test'
import { client } from '../support/http'
import { testDeps } from '../support/deps'

// docs/api.md#api-documentation: a parameter's meaning belongs to its Parameter Object's `description` (OpenAPI 3.1),
// which Swagger UI shows under the parameter's name; written only inside `schema`, the Parameters table showed
// signals' keyword, intent, since or content with their allowed values and nothing on what they do.

type Parameter = { name: string; in: string; description?: string; schema?: { description?: string } }
type Spec = { paths: Record<string, Record<string, { parameters?: Parameter[] }>> }

test('every parameter says what it does in its own description, whichever search variant is served', async () => {
  const bare: string[] = []
  let parameters = 0
  for (const config of [{}, { api: { search_variant: 'scored' as const, count_usage_endpoint: true } }]) {
    const { deps } = await testDeps({ config })
    const spec = (await client(deps)('GET', '/swagger/json')).body as Spec
    for (const [path, ops] of Object.entries(spec.paths))
      for (const [method, op] of Object.entries(ops))
        for (const parameter of op.parameters ?? []) {
          parameters++
          const at = `${method} ${path} ${parameter.in} ${parameter.name}`
          if (!parameter.description?.trim()) bare.push(at)
          // Said once: the same words again inside the schema would be shown twice by some viewers.
          if (parameter.schema?.description !== undefined) bare.push(`${at}: also in its schema`)
        }
  }
  expect(parameters).toBeGreaterThan(40)
  expect(bare).toEqual([])
})

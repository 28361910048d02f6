import { expect, test } from 'bun:test'
import { testDeps } from '../support/deps'
import { client } from '../support/http'

type Schema = { properties?: Record<string, Schema>; items?: Schema; description?: string; anyOf?: Schema[] }

/** Whether the dotted path (`intents.1`, `quietHours.from`) leads to a field of `schema`; a number is a list's item. */
function holds(schema: Schema | undefined, path: string[]): boolean {
  if (!schema) return false
  if (path.length === 0) return true
  if (schema.anyOf) return schema.anyOf.some((s) => holds(s, path))
  const [head, ...rest] = path
  return /^\d+$/.test(head) ? holds(schema.items, rest) : holds(schema.properties?.[head], rest)
}

// docs/api.md#error-shape: a 400's details name the field as a dotted path. The OpenAPI document's description of
// `field` gave `filters.minScore` as an example, a path no request has (a destination's minScore is at its top).
test("the description of a 400's details.field gives as examples paths that requests have", async () => {
  const { deps } = await testDeps()
  const spec = (await client(deps)('GET', '/swagger/json')).body
  const operations = Object.values(spec.paths as Record<string, Record<string, any>>).flatMap((ops) =>
    Object.values(ops),
  )
  const bad = operations.find((op) => op.responses?.['400'])?.responses['400']
  const field = bad.content['application/json'].schema.properties.error.properties.details.items.properties.field
  const examples = [...(field.description as string).matchAll(/`([^`]+)`/g)].map((m) => m[1])
  expect(examples.length).toBeGreaterThan(1)
  for (const example of examples) {
    const path = example.split('.')
    const found = operations.some(
      (op) =>
        holds(op.requestBody?.content?.['application/json']?.schema, path) ||
        (path.length === 1 && (op.parameters ?? []).some((p: { name: string }) => p.name === example)),
    )
    expect({ example, found }).toEqual({ example, found: true })
  }
})

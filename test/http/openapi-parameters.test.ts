import { expect, test } from 'bun:test'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'

// docs/api.md#api-documentation: the OpenAPI document is generated from the schemas that validate, so what it allows
// of a query parameter is what the server accepts. This walks the document and asks the server.

type ParamSchema = {
  type?: string
  enum?: unknown[]
  minimum?: number
  maximum?: number
  pattern?: string
  minLength?: number
  maxLength?: number
}
type Parameter = { name: string; in: string; schema: ParamSchema }
type Operation = {
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, ParamSchema> } }> }
}

// The keywords the checker below understands; a parameter using another would be checked only in part.
const UNDERSTOOD = new Set(['type', 'enum', 'minimum', 'maximum', 'pattern', 'minLength', 'maxLength', 'default'])
const NUMBER_TEXT = /^-?\d+(\.\d+)?$/

/** What the document says of `text` sent as the parameter: does a client that follows it send this? */
function documentAllows(schema: ParamSchema, text: string): boolean {
  if (schema.type === 'integer' || schema.type === 'number') {
    if (!NUMBER_TEXT.test(text)) return false
    const n = Number(text)
    if (schema.type === 'integer' && !Number.isInteger(n)) return false
    if (schema.minimum !== undefined && n < schema.minimum) return false
    if (schema.maximum !== undefined && n > schema.maximum) return false
    return schema.enum === undefined || schema.enum.includes(n)
  }
  if (schema.enum && !schema.enum.includes(text)) return false
  if (schema.pattern && !new RegExp(schema.pattern, 'u').test(text)) return false
  if (schema.minLength !== undefined && text.length < schema.minLength) return false
  return schema.maxLength === undefined || text.length <= schema.maxLength
}

/** Values at and just past each bound the schema states, and a few that any parameter might be sent. */
function probes(schema: ParamSchema): string[] {
  const out = ['-1', '0', '1', '1.5', 'x', '', ' ', '1e1', '2026-11-01', '2026-11-01T09:30:00Z', '2026-11-01 09:30']
  for (const n of [schema.minimum, schema.maximum])
    if (n !== undefined && Number.isSafeInteger(n)) out.push(String(n - 1), String(n), String(n + 1), `${n}.5`)
  for (const value of schema.enum ?? []) out.push(String(value), `${value}x`)
  for (const n of [schema.minLength, schema.maxLength])
    if (n !== undefined) out.push('k'.repeat(Math.max(n - 1, 0)), 'k'.repeat(n), 'k'.repeat(n + 1))
  return [...new Set(out)]
}

test('every query parameter of every GET route: the server refuses what the document refuses and takes the rest', async () => {
  const { deps } = await testDeps({ config: { plans: { endless: { monthly_requests: 'unlimited' } } } })
  const { apiKey } = await seedTeam(deps, { plan: 'endless' })
  const call = client(deps)
  const spec = (await call('GET', '/swagger/json')).body as { paths: Record<string, Record<string, Operation>> }
  const disagreements: string[] = []
  let checked = 0
  for (const [path, operations] of Object.entries(spec.paths)) {
    const get = operations.get
    if (!get?.parameters) continue
    // An id in the path that names nothing: validation comes before the lookup (docs/api.md#order-of-checks).
    const url = path.replace(/\{[^}]+\}/g, 'nothing')
    for (const { name, in: where, schema } of get.parameters) {
      if (where !== 'query') continue
      for (const key of Object.keys(schema)) if (key !== 'description') expect(UNDERSTOOD).toContain(key)
      for (const value of probes(schema)) {
        const reply = await call('GET', `${url}?${name}=${encodeURIComponent(value)}`, { key: apiKey })
        const refused = reply.status === 400
        checked++
        if (refused === documentAllows(schema, value))
          disagreements.push(
            `GET ${path}?${name}=${value.slice(0, 12)}: document ${refused ? 'allows' : 'refuses'}, server ${reply.status}`,
          )
        else if (refused) expect(reply.body.error.details.map((d: { field: string }) => d.field)).toEqual([name])
      }
    }
  }
  expect(disagreements).toEqual([])
  expect(checked).toBeGreaterThan(300)
})

test('numbers read from the query string are documented as numbers, with their bounds and defaults', async () => {
  const { deps } = await testDeps()
  const spec = (await client(deps)('GET', '/swagger/json')).body
  const param = (path: string, name: string) => {
    const found = spec.paths[path].get.parameters.find((p: Parameter) => p.name === name).schema
    const { description: _, ...rest } = found
    return rest
  }
  expect(param('/api/v1/signals', 'limit')).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 20 })
  expect(param('/api/v1/signals', 'offset')).toMatchObject({ type: 'integer', minimum: 0, default: 0 })
  expect(param('/api/v1/signals', 'minScore')).toEqual({ type: 'number', minimum: 0, maximum: 10, default: 0 })
  expect(param('/api/v1/people', 'limit')).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 20 })
  expect(param('/api/v1/webhooks/{id}/deliveries', 'limit')).toEqual({
    type: 'integer',
    minimum: 1,
    maximum: 200,
    default: 50,
  })
})

test('every body string with a minimum length: blanks that long are refused by the document exactly where the server refuses them', async () => {
  const { deps } = await testDeps({ config: { plans: { endless: { monthly_requests: 'unlimited' } } } })
  const { apiKey } = await seedTeam(deps, { plan: 'endless' })
  const call = client(deps)
  const spec = (await call('GET', '/swagger/json')).body as { paths: Record<string, Record<string, Operation>> }
  const disagreements: string[] = []
  const fields: string[] = []
  for (const [path, operations] of Object.entries(spec.paths))
    for (const [method, operation] of Object.entries(operations)) {
      const properties = operation.requestBody?.content['application/json']?.schema.properties ?? {}
      for (const [name, schema] of Object.entries(properties)) {
        if (schema.type !== 'string' || !schema.minLength) continue
        const field = `${method} ${path} ${name}`
        fields.push(field)
        /** What the server said of this field alone (other fields may be missing), in either error shape. */
        const verdict = async (value: string) => {
          const { body } = await call(method.toUpperCase(), path.replace(/\{[^}]+\}/g, 'nothing'), {
            key: apiKey,
            body: { [name]: value },
          })
          if (typeof body.error === 'string')
            return (body.error as string).split('; ').find((problem) => problem.startsWith(`${name} `))
          return body.error?.details?.find((d: { field: string }) => d.field === name)?.message as string | undefined
        }
        const blank = ' '.repeat(schema.minLength)
        // Untrimmed fields (an id) may be blank on both sides; what matters is that both sides say the same.
        if (documentAllows(schema, blank) === Boolean(await verdict(blank)))
          disagreements.push(`${field}: blanks refused by one side only`)
        // Padded to its minimum: the document allows it, and the server does not refuse it for its length (a URL
        // or a time zone may have further checks that no length can pass).
        const padded = ` ${'k'.repeat(schema.minLength)} `
        const said = await verdict(padded)
        if (!documentAllows(schema, padded) || /must not be empty|must be at least/.test(said ?? ''))
          disagreements.push(`${field}: padded minimum refused (${said ?? 'by the document'})`)
      }
    }
  expect(disagreements).toEqual([])
  expect(fields).toEqual(
    expect.arrayContaining(['post /api/v1/leads/score content', 'post /api/v1/mentions/search keyword']),
  )
})

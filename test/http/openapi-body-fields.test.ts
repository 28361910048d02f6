import { expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../support/deps'
import { client } from '../support/http'

type Schema = { properties?: Record<string, Schema>; items?: Schema; description?: string; examples?: unknown[] }

/** Every property under `schema` without a description, as a dotted path. */
function undescribed(schema: Schema, path: string): string[] {
  const own = Object.entries(schema.properties ?? {}).flatMap(([name, field]) => [
    ...(field.description ? [] : [`${path}.${name}`]),
    ...undescribed(field, `${path}.${name}`),
  ])
  return schema.items ? [...own, ...undescribed(schema.items, `${path}[]`)] : own
}

// docs/api.md#api-documentation: "a description on every field". Swagger UI's "Try it out" sends a body's example as
// it is; without one it sent {"personId": "string"} and {"muted": true} with no word on what either was.
test('every request body of /swagger/json has an example and a description on each of its fields', async () => {
  const { deps } = await testDeps()
  const spec = (await client(deps)('GET', '/swagger/json')).body
  const missing: string[] = []
  for (const [path, ops] of Object.entries(spec.paths as Record<string, Record<string, any>>))
    for (const [method, op] of Object.entries(ops)) {
      const schema = op.requestBody?.content?.['application/json']?.schema as Schema | undefined
      if (!schema) continue
      const route = `${method} ${path}`
      if (!schema.examples?.length) missing.push(`${route}: no example`)
      missing.push(...undescribed(schema, route))
    }
  expect(missing).toEqual([])
})

test("the link example names a person as GET /api/v1/people lists one (404 until it is one of the team's)", async () => {
  const { deps } = await testDeps()
  const { apiKey } = await seedTeam(deps, { name: 'acme', plan: 'growth' })
  const spec = (await client(deps)('GET', '/swagger/json')).body
  const link = spec.paths['/api/v1/people/{id}/links'].post
  const [example] = link.requestBody.content['application/json'].schema.examples
  const id = link.parameters.find((p: { name: string }) => p.name === 'id').schema
  expect(example.personId).toMatch(new RegExp(id.pattern))
  const mute = spec.paths['/api/v1/people/{id}/mute'].put.requestBody.content['application/json'].schema
  expect(mute.examples).toEqual([{ muted: true }])
  const res = await client(deps)('POST', `/api/v1/people/${example.personId}/links`, { key: apiKey, body: example })
  expect(res.status).toBe(404)
  expect(res.body.error.code).toBe('not_found')
})

// docs/api.md#signals and #what-is-counted: a list's paging figures and a counted answer's usage were bare numbers,
// so Swagger UI gave no word on how to page on, or that a null limit means unlimited.
test("the answers' paging figures and usage counters say what they count", async () => {
  const { deps } = await testDeps()
  const spec = (await client(deps)('GET', '/swagger/json')).body
  const answer = (method: string, path: string) =>
    spec.paths[path][method].responses['200'].content['application/json'].schema as Schema
  const fields = (schema: Schema, names: string[]) =>
    Object.fromEntries(names.map((n) => [n, schema.properties?.[n] as Schema]))
  const bare = [
    ...undescribed({ properties: fields(answer('get', '/api/v1/signals'), ['total', 'limit', 'offset']) }, 'signals'),
    ...undescribed({ properties: fields(answer('get', '/api/v1/people'), ['total', 'limit', 'offset']) }, 'people'),
    ...undescribed({ properties: fields(answer('get', '/api/v1/signals'), ['usage']) }, 'signals'),
    ...undescribed({ properties: fields(answer('post', '/api/v1/mentions/search'), ['usage']) }, 'search'),
    ...undescribed({ properties: fields(answer('get', '/api/v1/usage'), ['usage']) }, 'usage'),
  ]
  expect(bare).toEqual([])
})

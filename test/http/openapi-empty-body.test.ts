import { expect, test } from 'bun:test'
import Ajv2020 from 'ajv/dist/2020'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'

// docs/api.md#api-documentation: the document is built from the schemas that validate requests, but a rule written as
// a check (a change naming at least one field, a destination needing an address) had no JSON Schema form, so the
// document took `{}` for a valid body where the server answers 400. Each route's declared body is checked here against
// what the server does with an empty object.

type Operation = { requestBody?: { content: Record<string, { schema: object }> } }

test('a route that refuses an empty body declares a body schema that refuses it too', async () => {
  const { deps } = await testDeps({ config: { webhooks: { allow_private_targets: true } } })
  const { apiKey } = await seedTeam(deps)
  const call = client(deps)
  const spec = (await call('GET', '/swagger/json')).body as { paths: Record<string, Record<string, Operation>> }
  const created = await call('POST', '/api/v1/webhooks', { key: apiKey, body: { url: 'http://127.0.0.1:9/hook' } })
  expect(created.status).toBe(201)
  const ajv = new Ajv2020({ strict: false })
  const disagree: string[] = []
  let bodies = 0
  for (const [path, ops] of Object.entries(spec.paths))
    for (const [method, op] of Object.entries(ops)) {
      const schema = op.requestBody?.content['application/json']?.schema
      if (!schema) continue
      bodies++
      const url = path.replace('{id}', path.startsWith('/api/v1/webhooks') ? created.body.endpoint.id : 'nothing')
      const answer = await call(method.toUpperCase(), url, { key: apiKey, body: {} })
      const refusedAsBody = answer.status === 400 && answer.body?.error?.code !== undefined
      const declaredValid = ajv.validate(schema, {})
      if (refusedAsBody && declaredValid) disagree.push(`${method} ${path}: 400 "${answer.body.error.message}"`)
    }
  expect(bodies).toBeGreaterThan(5)
  expect(disagree).toEqual([])
})

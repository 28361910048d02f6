import { expect, test } from 'bun:test'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { fakesPerTest } from '../support/fake-upstream'

const receiver = fakesPerTest()

type Schema = { type?: string; description?: string; pattern?: string; format?: string }
type Parameter = { name: string; in: string; description?: string; schema: Schema }
type Operation = {
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, Schema> } }> }
}
type Spec = { paths: Record<string, Record<string, Operation>> }

// docs/api.md#api-documentation: a path id was declared as any string, with no word of what it is or looks like,
// the deliveries' status filter had no description, and a webhook's url was any non-blank string though the
// server takes only an absolute http(s) URL. A generated client or someone in Swagger UI had to guess.
test('every path id says what it is and what it looks like; the ids the server makes match', async () => {
  const { deps } = await testDeps({ config: { webhooks: { allow_private_targets: true } } })
  const { apiKey } = await seedTeam(deps)
  const call = client(deps)
  const spec = (await call('GET', '/swagger/json')).body as Spec
  const seen = new Map<string, string>()
  for (const [path, operations] of Object.entries(spec.paths))
    for (const [method, operation] of Object.entries(operations))
      for (const p of operation.parameters ?? []) {
        if (p.in !== 'path') continue
        expect({ at: `${method} ${path} ${p.name}`, described: !!p.description }).toEqual({
          at: `${method} ${path} ${p.name}`,
          described: true,
        })
        expect(p.schema.pattern, `${method} ${path} ${p.name}`).toBeString()
        seen.set(`${path.replace(/^\/api\/v1/, '')} ${p.name}`, p.schema.pattern as string)
      }
  // The patterns take the ids the server hands out.
  const r = receiver(() => new Response('ok'))
  const made = await call('POST', '/api/v1/webhooks', { key: apiKey, body: { url: `${r.origin}/hook` } })
  expect(made.status).toBe(201)
  const endpointId = made.body.endpoint.id as string
  const tested = await call('POST', `/api/v1/webhooks/${endpointId}/test`, { key: apiKey })
  const deliveryId = tested.body.id as string
  const id = (key: string) => new RegExp(seen.get(key) as string, 'u')
  expect(endpointId).toMatch(id('/webhooks/{id} id'))
  expect(deliveryId).toMatch(id('/webhooks/{id}/deliveries/{deliveryId}/replay deliveryId'))
  expect('sig_AbC-12_xyzXYZ0123').toMatch(id('/signals/{id}/feedback id'))
  expect(`per_${'0a'.repeat(12)}`).toMatch(id('/people/{id} id'))
  expect(`per_${'0a'.repeat(12)}`).toMatch(id('/people/{id}/links/{otherId} otherId'))
  expect('whe_x').not.toMatch(id('/signals/{id}/feedback id'))

  const deliveries = spec.paths['/api/v1/webhooks/{id}/deliveries'].get
  const status = deliveries.parameters?.find((p) => p.name === 'status')
  expect(status?.description).toBeString()
  const url = spec.paths['/api/v1/webhooks'].post.requestBody?.content['application/json'].schema.properties?.url
  expect(url?.format).toBe('uri')
  expect(url?.description).toContain('http(s)')
})

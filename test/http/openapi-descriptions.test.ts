import { expect, test } from 'bun:test'
import { client } from '../support/http'
import { testDeps } from '../support/deps'

// docs/api.md#api-documentation: Swagger UI shows an operation's description under its summary; an operation without
// one (the health checks, the earlier routes' key check) left a developer to guess what a 200 or a 503 there means.

type Spec = { paths: Record<string, Record<string, { description?: string }>> }

test('every operation in the document says what it answers in a description', async () => {
  const { deps } = await testDeps({ config: { api: { search_variant: 'scored', count_usage_endpoint: true } } })
  const spec = (await client(deps)('GET', '/swagger/json')).body as Spec
  const operations = Object.entries(spec.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ at: `${method} ${path}`, description: op.description ?? '' })),
  )
  expect(operations.length).toBeGreaterThan(25)
  expect(operations.filter((op) => op.description.trim().length < 20).map((op) => op.at)).toEqual([])
  const said = (at: string) => operations.find((op) => op.at === at)?.description
  expect(said('get /healthz')).toContain('database')
  expect(said('get /readyz')).toContain('503')
  expect(said('get /api/routes/test-api')).toContain('never counted')
})

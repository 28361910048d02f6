import { expect, test } from 'bun:test'
import { ERRORS, type ErrorCode } from '../../src/errors'
import { testDeps } from '../support/deps'
import { client } from '../support/http'

// Swagger UI shows each answer's example from its schema, the first code of the enum: every error status of every
// route read `"code": "invalid_request"` with `details`, a 401 and a 503 too, under "Response for status 401".
test('each error answer of /swagger/json lists the codes of its own status, and names them in its description', async () => {
  const { deps } = await testDeps()
  const spec = (await client(deps)('GET', '/swagger/json')).body
  const wrong: unknown[] = []
  let seen = 0
  for (const [path, ops] of Object.entries(spec.paths as Record<string, Record<string, any>>))
    for (const [method, op] of Object.entries(ops))
      for (const [status, answer] of Object.entries(op.responses as Record<string, any>)) {
        const error = answer.content?.['application/json']?.schema?.properties?.error
        if (Number(status) < 400 || error?.type !== 'object') continue
        seen++
        const codes = error.properties.code.enum as ErrorCode[]
        const where = `${method} ${path} ${status}`
        const others = codes.filter((code) => ERRORS[code].status !== Number(status))
        if (codes.length === 0 || others.length > 0) wrong.push({ where, others })
        if (codes.some((code) => !answer.description.includes(code))) wrong.push({ where, said: answer.description })
        if ((status === '400') !== 'details' in error.properties) wrong.push({ where, details: status !== '400' })
      }
  expect(seen).toBeGreaterThan(100)
  expect(wrong).toEqual([])
})

test("a route's error answers list the codes that route gives: a 503 of the usage is the database's, a 403 of the search also the plan's platforms", async () => {
  const { deps } = await testDeps()
  const spec = (await client(deps)('GET', '/swagger/json')).body
  const codes = (path: string, method: string, status: number) =>
    spec.paths[path][method].responses[status].content['application/json'].schema.properties.error.properties.code.enum
  expect(codes('/api/v1/usage', 'get', 503)).toEqual(['storage_unavailable'])
  expect(codes('/api/v1/usage', 'get', 403)).toEqual(['no_api_access', 'insufficient_scope'])
  expect(codes('/api/v1/mentions/search', 'post', 403)).toContain('platform_not_in_plan')
  expect(codes('/api/v1/leads/score', 'post', 503)).toEqual(['scorer_unavailable', 'storage_unavailable'])
  expect(codes('/api/v1/signals/export', 'get', 429)).toEqual(['quota_exceeded', 'too_many_exports'])
})

import { expect, test } from 'bun:test'
import { client } from '../support/http'
import { testDeps } from '../support/deps'

// docs/api.md#api-documentation: a response header's meaning belongs to its Header Object's `description` (OpenAPI
// 3.1), which Swagger UI shows in the response's Headers table; written only inside `schema`, the table showed the
// names and types with an empty Description column (Retry-After's wait, the challenge of a 401, the scorer's name).

type Header = { description?: string; schema?: { description?: string } }
type Spec = {
  paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, Header> }> }>>
}

test('every response header the document lists says what it means in its own description', async () => {
  const { deps } = await testDeps()
  const spec = (await client(deps)('GET', '/swagger/json')).body as Spec
  const bare: string[] = []
  let headers = 0
  for (const [path, ops] of Object.entries(spec.paths))
    for (const [method, op] of Object.entries(ops))
      for (const [status, response] of Object.entries(op.responses))
        for (const [name, header] of Object.entries(response.headers ?? {})) {
          headers++
          if (!header.description?.trim()) bare.push(`${method} ${path} ${status} ${name}`)
          // Said once: the same words again inside the schema would be shown twice by some viewers.
          expect({ at: `${method} ${path} ${status} ${name}`, inSchema: header.schema?.description }).toEqual({
            at: `${method} ${path} ${status} ${name}`,
            inSchema: undefined,
          })
        }
  expect(headers).toBeGreaterThan(100)
  expect(bare).toEqual([])
})

test('the descriptions are the documented ones', async () => {
  const { deps } = await testDeps()
  const spec = (await client(deps)('GET', '/swagger/json')).body as Spec
  const search = spec.paths['/api/v1/mentions/search'].post.responses
  expect(search['429'].headers?.['retry-after'].description).toContain('until the quota month ends')
  expect(search['401'].headers?.['www-authenticate'].description).toContain('error="invalid_token"')
  expect(search['200'].headers?.['x-request-id'].description).toContain("This request's id")
  const score = spec.paths['/api/v1/leads/score'].post.responses
  expect(score['200'].headers?.['x-scorer'].description).toContain('The scorer that answered')
  const exported = spec.paths['/api/v1/signals/export'].get.responses
  expect(exported['200'].headers?.['content-disposition'].description).toContain('attachment')
})

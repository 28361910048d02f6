import { expect, test } from 'bun:test'
import { client } from '../support/http'
import { testDeps } from '../support/deps'

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

/** The one naming rule of the document: the method, then each path segment in camelCase, `{id}` as `ById`. */
const expectedId = (method: string, path: string) =>
  method +
  path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment)
      return param ? `By${capital(param[1])}` : segment.split('-').map(capital).join('')
    })
    .join('')

// Generated clients name a function after each operationId: one that is not an identifier in every language (a
// hyphen) comes out renamed in each generator's own way, or not at all, and a repeated one overwrites another.
test('every operationId of /swagger/json is a unique identifier, named by the same rule as the others', async () => {
  const { deps } = await testDeps()
  const spec = (await client(deps)('GET', '/swagger/json')).body as {
    paths: Record<string, Record<string, { operationId?: string }>>
  }
  const found: [string, string | undefined][] = []
  const expected: [string, string][] = []
  for (const [path, operations] of Object.entries(spec.paths))
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.includes(method)) continue
      found.push([`${method.toUpperCase()} ${path}`, operation.operationId])
      expected.push([`${method.toUpperCase()} ${path}`, expectedId(method, path)])
    }
  expect(found.length).toBeGreaterThan(20)
  expect(found).toEqual(expected)
  for (const [, id] of found) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/)
  const ids = found.map(([, id]) => id)
  expect(new Set(ids).size).toBe(ids.length)
})

// docs/api.md#api-documentation: the API document names the scorer inside the executable as docs/scoring.md does, "the
// embedded scorer". `rules` is the backend's value (x-scorer, scoredBy, promptVersion's `rules-…`) and stays, but a
// description giving "rules" alone read, in Swagger UI, as keyword rules with no model.
import { expect, test } from 'bun:test'
import { testDeps } from '../support/deps'
import { client } from '../support/http'

/** Every description and summary in the document that says "rules", with its place. */
function sayingRules(node: unknown, where: string, out: [string, string][] = []): [string, string][] {
  if (Array.isArray(node)) for (const [i, item] of node.entries()) sayingRules(item, `${where}[${i}]`, out)
  else if (node !== null && typeof node === 'object')
    for (const [key, value] of Object.entries(node))
      if ((key === 'description' || key === 'summary') && typeof value === 'string') {
        if (/\brules\b/i.test(value)) out.push([where, value])
      } else sayingRules(value, `${where}.${key}`, out)
  return out
}

test('a description naming the value `rules` says it is the embedded scorer, and none says "rules scorer"', async () => {
  const { deps } = await testDeps()
  const spec = (await client(deps)('GET', '/swagger/json')).body
  const found = sayingRules(spec, '')
  // The x-scorer header's description on each route, the score route's, a verdict's promptVersion.
  expect(found.length).toBeGreaterThan(3)
  for (const [where, said] of found) {
    expect({ where, embedded: said.includes('the embedded scorer') }).toEqual({ where, embedded: true })
    expect({ where, said }).not.toEqual({ where, said: expect.stringMatching(/rules scorer/i) })
  }
})

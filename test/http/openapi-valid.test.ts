import { expect, test } from 'bun:test'
import { Validator } from '@seriousme/openapi-schema-validator'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { client } from '../support/http'
import { testDeps } from '../support/deps'

// docs/api.md#api-documentation: /swagger/json is an OpenAPI 3.1 document that Swagger UI, validators and client
// generators read. Checked against the specification's own JSON Schema, under each configuration that changes it.

const documentOf = async (config: NonNullable<Parameters<typeof testDeps>[0]>['config'] = {}) => {
  const { deps } = await testDeps({ config })
  return (await client(deps)('GET', '/swagger/json')).body
}

test('the document is valid OpenAPI 3.1, whichever search variant and usage counting the server has', async () => {
  for (const config of [{}, { api: { search_variant: 'scored' as const, count_usage_endpoint: true } }]) {
    const spec = await documentOf(config)
    expect(spec.openapi).toStartWith('3.1.')
    const result = await new Validator().validate(structuredClone(spec))
    expect({ config, valid: result.valid, errors: result.errors }).toEqual({ config, valid: true, errors: undefined })
  }
})

test('every example in the document is valid against the schema it is given for', async () => {
  const spec = await documentOf()
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  const invalid: string[] = []
  let checked = 0
  const walk = (node: unknown, at: string) => {
    if (node === null || typeof node !== 'object') return
    const { examples } = node as { examples?: unknown }
    if (Array.isArray(examples) && ('type' in node || 'properties' in node))
      for (const example of examples) {
        checked++
        if (!ajv.validate(node, example)) invalid.push(`${at}: ${ajv.errorsText(ajv.errors)}`)
      }
    for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key}`)
  }
  walk(spec.paths, '')
  expect(invalid).toEqual([])
  expect(checked).toBeGreaterThan(8)
})

import { expect, test } from 'bun:test'
import * as v from 'valibot'
import { ownWords } from '../../src/lib/issue-words'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'

// docs/api.md#error-shape: a parameter that takes one value only (include=dismissed) was refused as 'query parameter
// include must be dismissed', which reads as an order to dismiss something rather than the value to write.

test('a wrong include names its one value as a value (dismissed, muted for people)', async () => {
  const { deps } = await testDeps()
  const { apiKey } = await seedTeam(deps)
  const call = client(deps)
  for (const [path, only] of [
    ['/api/v1/signals', 'dismissed'],
    ['/api/v1/signals/export', 'dismissed'],
    ['/api/v1/people', 'muted'],
  ]) {
    const r = await call('GET', `${path}?include=all`, { key: apiKey })
    expect({ path, status: r.status, body: r.body }).toEqual({
      path,
      status: 400,
      body: {
        error: {
          code: 'invalid_request',
          message: `query parameter include takes one value only: ${only}`,
          details: [{ field: 'include', message: `takes one value only: ${only}` }],
        },
      },
    })
  }
})

test('a list of two or more still reads as before', () => {
  const words = (schema: v.GenericSchema, value: unknown) => {
    const r = v.safeParse(schema, value)
    return r.success ? undefined : ownWords(r.issues[0])
  }
  expect(words(v.picklist(['dismissed']), 'x')).toBe('takes one value only: dismissed')
  expect(words(v.picklist(['csv', 'jsonl', 'x']), 'y')).toBe('must be one of: csv, jsonl, x')
  expect(words(v.literal('2.0'), '1.0')).toBe('takes one value only: 2.0')
})

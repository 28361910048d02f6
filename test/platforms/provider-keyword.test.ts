import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createProviderConnector } from '../../src/platforms/provider/connector'
import { fakesPerTest } from '../support/fake-upstream'

// A fake Apify API: POST /v2/actors/{user~actor}/run-sync-get-dataset-items answers 201 with the run's dataset, a
// JSON array (docs/platforms.md#providers); it records the input the actor was given.
const fake = fakesPerTest()
const TABLE = `actor = "harvestapi/linkedin-post-search"
input = { searchQueries = "{keyword}", note = "top {limit} for {keyword} on LinkedIn" }
fields = { id = "id", content = "content", url = "url" }`

const inputFor = async (keyword: string) => {
  const f = fake(() => Response.json([], { status: 201 }))
  const config = loadConfig({
    fileText: `[platforms.linkedin]\nbase_url = "${f.origin}"\ntoken = "apify_api_T"\n${TABLE}`,
    env: {},
  }).platforms.linkedin
  await createProviderConnector(
    'linkedin',
    config,
    createLogger(() => {}),
  ).search(keyword, 5)
  return JSON.parse(f.received[0].body)
}

describe('provider: the keyword goes into the actor input as written', () => {
  test("a $ in the keyword is a dollar sign, not a replacement pattern ($$, $&, $' or $`)", async () => {
    expect(await inputFor('"save $$$" crm')).toEqual({
      searchQueries: '"save $$$" crm',
      note: 'top 5 for "save $$$" crm on LinkedIn',
    })
    expect(await inputFor('"R$&D budget"')).toEqual({
      searchQueries: '"R$&D budget"',
      note: 'top 5 for "R$&D budget" on LinkedIn',
    })
    expect((await inputFor('"US$\'s rise" crm')).note).toBe('top 5 for "US$\'s rise" crm on LinkedIn')
  })

  test('a {limit} in the keyword is words, not the limit', async () => {
    expect((await inputFor('crm {limit}')).searchQueries).toBe('crm {limit}')
  })
})

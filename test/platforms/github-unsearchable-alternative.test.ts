import { expect, test } from 'bun:test'
import { fakesPerTest } from '../support/fake-upstream'
import { githubQueryRefused } from '../support/platform-rules'
import { connector } from './github-fake'

// GitHub refuses a whole search with 422 when any `user:` or `repo:` in it names an account or repository it cannot
// search (docs/platforms.md#github cites docs.github.com/rest/search/search). A query of OR alternatives is sent as
// one search, so one mistyped name in one alternative lost every other: the search came back empty, as if nothing
// matched, and only the log said so. The team now sees the refusal, naming the names GitHub may not know.
const fake = fakesPerTest()

test('a query of alternatives one of which names an account GitHub cannot search fails naming the names', async () => {
  const gh = fake(() => githubQueryRefused('unsearchable'))
  const err = await connector(gh.origin)
    .search('crm OR (erp author:nosuchuser) OR (hubspot site:acme/typo)', 10)
    .catch((e) => e)
  expect(gh.received).toHaveLength(1)
  expect(err).toMatchObject({ kind: 'upstream_error', status: 422 })
  expect(err.message).toBe(
    'github cannot search a user or repository the query names (author:nosuchuser, site:acme/typo), so it searched none of its alternatives (422): check those names, or track each alternative as a keyword of its own',
  )
})

test('a query of one alternative naming such an account still finds nothing, as github.com shows it', async () => {
  const gh = fake(() => githubQueryRefused('unsearchable'))
  const lines: string[] = []
  expect(await connector(gh.origin, {}, lines).search('crm author:nosuchuser', 10)).toEqual([])
  expect(lines.some((l) => JSON.parse(l).event === 'platform_query_unsearchable')).toBe(true)
})

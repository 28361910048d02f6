import { expect, test } from 'bun:test'
import { ownerConsole } from '../../support/owner-console'

// docs/queries.md: a keyword is kept composed (NFC), and a few characters are two once composed (U+0958, क़, is क
// and a nukta). One of 200 of them passes the body's check and is 400 characters kept: its refusal is about the
// body's one field, `keyword`, which the Keywords page marks (docs/api.md#error-shape) and its preview line reads
// after "This query is not valid:".
test('a keyword over 200 characters once composed is refused naming the field keyword, nothing tracked', async () => {
  const { deps, team, call } = await ownerConsole('acme')
  const refused = await call('POST', '/keywords', { keyword: '\u0958'.repeat(200) })
  expect(refused.status).toBe(400)
  expect(refused.body.error.message).toBe(
    'keyword 1 is 400 characters once composed (Unicode NFC); keywords are 1 to 200 characters',
  )
  expect(refused.body.error.details).toEqual([
    { field: 'keyword', message: 'is 400 characters once composed (Unicode NFC); at most 200' },
  ])
  expect(await deps.repos.keywords.list(team.id)).toEqual([])
})

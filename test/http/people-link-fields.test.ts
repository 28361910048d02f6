// docs/people.md#links, docs/api.md#error-shape: a link refused because of the person the body names says so in
// `details` (`personId`), so a program knows which of the two ids to change.
import { expect, test } from 'bun:test'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { signalRow } from '../support/webhooks'

type Person = { id: string; platform: string; author: string }
type Refusal = { error: { code: string; message: string; details?: { field: string; message: string }[] } }

/** A team with ann on reddit and twitter and bob on hackernews, and its API called with its key. */
async function threePeople() {
  const { deps } = await testDeps()
  const { team, apiKey } = await seedTeam(deps)
  await deps.repos.signals.insertMany(team.id, [
    signalRow(team.id, { author: 'ann', platform: 'reddit' }),
    signalRow(team.id, { author: 'ann', platform: 'twitter' }),
    signalRow(team.id, { author: 'bob', platform: 'hackernews' }),
  ])
  const call = client(deps)
  const api = async <T>(method: string, path: string, body?: unknown) =>
    (await call(method, path, { key: apiKey, body })) as { status: number; body: T }
  const people = (await api<{ people: Person[] }>('GET', '/api/v1/people')).body.people
  const [a, b, c] = ['reddit', 'twitter', 'hackernews'].map((p) => people.find((x) => x.platform === p) as Person)
  return { api, a, b, c }
}

test('a link refused for the person named in the body names the field personId', async () => {
  const { api, a, b, c } = await threePeople()
  expect((await api('POST', `/api/v1/people/${a.id}/links`, { personId: b.id })).status).toBe(200)
  const link = (into: string, personId: string) => api<Refusal>('POST', `/api/v1/people/${into}/links`, { personId })

  const itself = await link(c.id, c.id)
  expect(itself.status).toBe(400)
  expect(itself.body.error.details).toEqual([{ field: 'personId', message: 'must name another person than the path' }])
  const again = await link(a.id, b.id)
  expect(again.body.error.details).toEqual([{ field: 'personId', message: `is already linked to ${a.id}` }])
  // b is a's: linking it to c would move a and all of a's identities.
  const taken = await link(c.id, b.id)
  expect(taken.body.error.message).toBe(`${b.id} is linked to ${a.id}: link that person instead`)
  expect(taken.body.error.details).toEqual([
    { field: 'personId', message: `is linked to ${a.id}: link that person instead` },
  ])
  expect((await api<{ people: Person[] }>('GET', '/api/v1/people')).body.people).toHaveLength(2)
})

// Swagger UI's example body names per_0123456789abcdef01234567, no person of a real team: it was 404 "the team has no
// person …" without a field, which read the same as a path id that is not there, though the path's person was found.
test('a personId that names no person of the team is 400 naming personId; an unknown path id stays 404', async () => {
  const { deps } = await testDeps()
  const { team, apiKey } = await seedTeam(deps)
  await deps.repos.signals.insertMany(team.id, [signalRow(team.id, { author: 'ann', platform: 'reddit' })])
  const call = client(deps)
  const [ann] = (await call('GET', '/api/v1/people', { key: apiKey })).body.people as Person[]
  const unknown = 'per_0123456789abcdef01234567'
  const r = await call('POST', `/api/v1/people/${ann?.id}/links`, { key: apiKey, body: { personId: unknown } })
  expect(r.status).toBe(400)
  expect(r.body).toEqual({
    error: {
      code: 'invalid_request',
      message: `the team has no person ${unknown}`,
      details: [{ field: 'personId', message: 'names no person of the team' }],
    },
  })
  const path = await call('POST', `/api/v1/people/${unknown}/links`, { key: apiKey, body: { personId: ann?.id } })
  expect(path.status).toBe(404)
  expect(path.body.error.details).toBeUndefined()
  expect((await call('GET', `/api/v1/people/${ann?.id}`, { key: apiKey })).body.person.identities).toEqual([])
})

// DELETE /api/v1/people/{id}/links/{otherId} has two path ids: the second's 404 says it is the one to unlink, where
// "the team has no person …" alone left a program to compare the id with both (docs/api.md#error-codes).
test('an unlink of an id the team has no person for names it as the one to unlink, and changes nothing', async () => {
  const { api, a, b } = await threePeople()
  expect((await api('POST', `/api/v1/people/${a.id}/links`, { personId: b.id })).status).toBe(200)
  const gone = 'per_0123456789abcdef01234567'
  const other = await api<Refusal>('DELETE', `/api/v1/people/${a.id}/links/${gone}`)
  expect(other.status).toBe(404)
  expect(other.body).toEqual({
    error: { code: 'not_found', message: `the team has no person ${gone} to unlink from ${a.id}` },
  })
  // The first path id keeps the words of any person route's 404.
  const first = await api<Refusal>('DELETE', `/api/v1/people/${gone}/links/${b.id}`)
  expect(first.body).toEqual({ error: { code: 'not_found', message: `the team has no person ${gone}` } })
  // An id that reorders text comes back shown (docs/api.md#error-codes), not as sent.
  const hostile = await api<Refusal>('DELETE', `/api/v1/people/${a.id}/links/${encodeURIComponent('per_\u202ex')}`)
  expect(hostile.body.error.message).toBe(`the team has no person per_\ufffdx to unlink from ${a.id}`)
  const after = await api<{ person: { identities: Person[] } }>('GET', `/api/v1/people/${a.id}`)
  expect(after.body.person.identities.map((p) => p.id)).toEqual([b.id])
})

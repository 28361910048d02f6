// docs/people.md#forget over a listening HTTP server and a real database: the person, the accounts linked into them,
// their signals, verdicts, unsent deliveries and queued posts go in one transaction, nothing of anyone else's does;
// a transaction that fails leaves everything; bad ids answer the contract's error and change nothing.
import { afterEach, describe, expect, test } from 'bun:test'
import { createApp } from '../../src/app'
import type { Deps } from '../../src/deps'
import type { Logger } from '../../src/lib/log'
import { seedTeam, testDeps } from '../support/deps'
import { signalRow, storeSignals } from '../support/webhooks'

const servers: { stop(): unknown }[] = []
afterEach(() => {
  while (servers.length) servers.pop()?.stop()
})

const TABLES = [
  'people',
  'signals',
  'signal_feedback',
  'webhook_deliveries',
  'pending_mentions',
  'forgotten_authors',
  'webhook_endpoints',
  'teams',
]

const rows = async (deps: Deps, sql: string, args: (string | number)[] = []) =>
  (await deps.database.client.execute({ sql, args })).rows.map((r) => JSON.stringify({ ...r }))

/** Every row of every table the forgetting touches, as text: what two moments are compared on. */
async function snapshot(deps: Deps) {
  const all: Record<string, string[]> = {}
  for (const t of TABLES) all[t] = await rows(deps, `select * from ${t} order by rowid`)
  return all
}

const counts = (s: Record<string, string[]>) => Object.fromEntries(TABLES.map((t) => [t, s[t]?.length]))

const endpoint = (deps: Deps, id: string, teamId: string) =>
  deps.database.client.execute({
    sql: `insert into webhook_endpoints (id, team_id, url, kind, event, min_score, enabled, secret, created_at)
      values (?, ?, 'https://crm.example.com/hook', 'webhook', 'signal.created', 0, 1, 'whsec_x', ?)`,
    args: [id, teamId, '2026-11-15T11:00:00.000Z'],
  })

const personUpdated = (deps: Deps, endpointId: string, personId: string, author: string) =>
  deps.database.client.execute({
    sql: `insert into webhook_deliveries (id, endpoint_id, event, payload, status, attempts, next_attempt_at, created_at)
      values (?, ?, 'person.updated', ?, 'succeeded', 1, 0, '2026-11-15T11:00:00.000Z')`,
    args: [`msg_${personId}`, endpointId, JSON.stringify({ data: { person: { id: personId, author } } })],
  })

const pending = (deps: Deps, teamId: string, postId: string, author: string) =>
  deps.database.client.execute({
    sql: `insert into pending_mentions (team_id, platform, post_id, keyword, mention, fetched_at)
      values (?, 'reddit', ?, 'crm', ?, '2026-11-15T11:00:00.000Z')`,
    args: [teamId, postId, JSON.stringify({ id: postId, author, content: 'looking for a CRM' })],
  })

/**
 * Team acme: ann on reddit (two posts, one then dismissed) with her twitter account linked in, and bob; team other:
 * an ann on reddit of its own. Each team has a destination, so each signal has a delivery; one of ann's was sent.
 */
async function setup() {
  const lines: { event: string; fields: Record<string, unknown> }[] = []
  const record = (event: string, fields: Record<string, unknown> = {}) => lines.push({ event, fields })
  const log: Logger = { info: record, warn: record, error: record }
  const { deps } = await testDeps({ deps: { log } })
  const acme = await seedTeam(deps)
  const other = await seedTeam(deps, { name: 'other' })
  await endpoint(deps, 'wh_acme', acme.team.id)
  await endpoint(deps, 'wh_other', other.team.id)
  const a = acme.team.id
  const ann = [
    signalRow(a, { platform: 'reddit', author: 'ann', preview: 'ann asks for a CRM' }),
    signalRow(a, { platform: 'reddit', author: 'ann', score: 6 }),
    signalRow(a, { platform: 'twitter', author: 'ann' }),
  ]
  const bob = signalRow(a, { platform: 'reddit', author: 'bob' })
  const otherAnn = signalRow(other.team.id, { platform: 'reddit', author: 'ann' })
  await storeSignals(deps, [...ann, bob])
  await storeSignals(deps, [otherAnn])
  const server = createApp(deps).listen({ hostname: '127.0.0.1', port: 0 })
  servers.push(server)
  const base = `http://127.0.0.1:${server.server?.port}`
  const call = async (key: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    return { status: res.status, text, body: text ? JSON.parse(text) : undefined }
  }
  const idOf = async (teamId: string, platform: string, author: string) =>
    String(
      (
        await deps.database.client.execute({
          sql: 'select id from people where team_id = ? and platform = ? and author = ?',
          args: [teamId, platform, author],
        })
      ).rows[0]?.id,
    )
  const annId = await idOf(a, 'reddit', 'ann')
  const annTwitter = await idOf(a, 'twitter', 'ann')
  const bobId = await idOf(a, 'reddit', 'bob')
  const otherAnnId = await idOf(other.team.id, 'reddit', 'ann')
  expect((await call(acme.apiKey, 'POST', `/api/v1/people/${annId}/links`, { personId: annTwitter })).status).toBe(200)
  for (const [id, verdict] of [
    [ann[1]?.id, 'not_relevant'],
    [bob.id, 'relevant'],
  ])
    expect((await call(acme.apiKey, 'POST', `/api/v1/signals/${id}/feedback`, { verdict })).status).toBe(200)
  await call(other.apiKey, 'POST', `/api/v1/signals/${otherAnn.id}/feedback`, { verdict: 'relevant' })
  await deps.database.client.execute({
    sql: `update webhook_deliveries set status = 'succeeded' where signal_id = ?`,
    args: [ann[0]?.id as string],
  })
  await personUpdated(deps, 'wh_acme', annId, 'ann')
  await personUpdated(deps, 'wh_acme', bobId, 'bob')
  await personUpdated(deps, 'wh_other', otherAnnId, 'ann')
  await pending(deps, a, 'p-ann', 'ann')
  await pending(deps, a, 'p-bob', 'bob')
  await pending(deps, other.team.id, 'p-ann', 'ann')
  return {
    deps,
    call,
    acme,
    other,
    ids: { annId, annTwitter, bobId, otherAnnId },
    annSignals: ann.map((r) => r.id),
    lines,
  }
}

describe('DELETE /api/v1/people/{id}', () => {
  test('removes exactly the person, their linked account, signals, verdicts, unsent deliveries and queued posts', async () => {
    const { deps, call, acme, other, ids, annSignals, lines } = await setup()
    const before = await snapshot(deps)
    const otherBefore = await rows(deps, 'select * from signals where team_id = ? order by id', [other.team.id])

    const res = await call(acme.apiKey, 'DELETE', `/api/v1/people/${ids.annId}`)

    expect(res).toMatchObject({ status: 204, text: '' })
    const after = await snapshot(deps)
    expect(counts(after)).toEqual({
      ...counts(before),
      people: 4 - 2,
      signals: 5 - 3,
      // ann's dismissed post's verdict; bob's and the other team's stay.
      signal_feedback: 3 - 1,
      // Her two deliveries not sent and her person.updated; the one sent stays (it holds an id only).
      webhook_deliveries: 8 - 3,
      pending_mentions: 3 - 1,
      forgotten_authors: 2,
    })
    // No more than counts: nothing of bob's or of the other team's changed, row for row.
    const hers = (row: string) =>
      [ids.annId, ids.annTwitter, ...annSignals].some((mark) => row.includes(mark)) ||
      (row.includes(acme.team.id) && /\bann\b/.test(row))
    for (const t of ['people', 'signals', 'signal_feedback', 'webhook_deliveries', 'pending_mentions'])
      for (const row of before[t] as string[]) if (!hers(row)) expect(after[t]).toContain(row)
    expect(await rows(deps, 'select * from signals where team_id = ? order by id', [other.team.id])).toEqual(
      otherBefore,
    )
    expect(await rows(deps, "select id from signals where author = 'ann'")).toHaveLength(1)
    // Kept as hashes: no name in the table.
    expect((after.forgotten_authors as string[]).join()).not.toContain('ann')
    // Nor the person's id, which exports and webhooks carried: a row must not tell which of them was forgotten.
    expect((after.forgotten_authors as string[]).join()).not.toContain(ids.annId.slice(4))
    const line = lines.find((l) => l.event === 'person_forgotten')
    expect(line?.fields).toEqual({ teamId: acme.team.id, personId: ids.annId, accounts: 2, signals: 3 })
    expect(JSON.stringify(lines)).not.toContain('ann asks')

    for (const id of [ids.annId, ids.annTwitter])
      expect((await call(acme.apiKey, 'GET', `/api/v1/people/${id}`)).status).toBe(404)
    expect((await call(acme.apiKey, 'GET', `/api/v1/people/${ids.bobId}`)).status).toBe(200)
    expect((await call(other.apiKey, 'GET', `/api/v1/people/${ids.otherAnnId}`)).status).toBe(200)
    // Once forgotten, the id is unknown like any other.
    const again = await call(acme.apiKey, 'DELETE', `/api/v1/people/${ids.annId}`)
    expect(again).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } })
  })

  test('a link read before the person was forgotten and made after links nothing to them', async () => {
    const { deps, call, acme, ids } = await setup()
    expect((await call(acme.apiKey, 'DELETE', `/api/v1/people/${ids.annId}`)).status).toBe(204)
    expect(await deps.repos.people.link(acme.team.id, ids.annId, ids.bobId)).toBe(false)
    // The column by name: a row's own shape differs between the embedded file and a libSQL server.
    const bob = await deps.database.client.execute({
      sql: 'select linked_to from people where id = ?',
      args: [ids.bobId],
    })
    expect(bob.rows.map((r) => r.linked_to)).toEqual([null])
    expect((await call(acme.apiKey, 'GET', `/api/v1/people/${ids.bobId}`)).status).toBe(200)
  })

  test('a transaction that fails half-way leaves every row as it was', async () => {
    const { deps, call, acme, ids } = await setup()
    // The last statement (the people rows) fails, after the signals, verdicts and deliveries were deleted.
    await deps.database.client.execute(
      "create trigger keep_people before delete on people begin select raise(abort, 'kept'); end",
    )
    const before = await snapshot(deps)
    const res = await call(acme.apiKey, 'DELETE', `/api/v1/people/${ids.annId}`)
    expect(res.status).toBeGreaterThanOrEqual(500)
    expect(res.body.error.message).not.toMatch(/kept|delete|people|trigger/i)
    expect(await snapshot(deps)).toEqual(before)
    await deps.database.client.execute('drop trigger keep_people')
    expect((await call(acme.apiKey, 'DELETE', `/api/v1/people/${ids.annId}`)).status).toBe(204)
  })

  test("an unknown id, another team's person and a linked account answer the contract's error and change nothing", async () => {
    const { deps, call, acme, other, ids } = await setup()
    const before = await snapshot(deps)
    for (const [key, id, status, code] of [
      [acme.apiKey, 'per_000000000000000000000000', 404, 'not_found'],
      [acme.apiKey, 'nobody', 404, 'not_found'],
      [other.apiKey, ids.annId, 404, 'not_found'],
      [acme.apiKey, ids.annTwitter, 400, 'invalid_request'],
    ] as const) {
      const res = await call(key, 'DELETE', `/api/v1/people/${encodeURIComponent(id)}`)
      expect(res.status).toBe(status)
      expect(res.body).toMatchObject({ error: { code, message: expect.any(String) } })
    }
    const linked = await call(acme.apiKey, 'DELETE', `/api/v1/people/${ids.annTwitter}`)
    expect(linked.body.error.message).toBe(
      `${ids.annTwitter} is an account of ${ids.annId}: unlink it first to forget it alone, or forget ${ids.annId}`,
    )
    expect((await call('ls_nope', 'DELETE', `/api/v1/people/${ids.annId}`)).status).toBe(401)
    expect(await snapshot(deps)).toEqual(before)
  })
})

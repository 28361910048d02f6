// The console's Undo of a 👎 (docs/console.md#verdicts): the signal goes back to what it was before that click, its
// earlier verdict and reason included, and a muted person's signal stays dismissed (docs/people.md#mute). Through the
// console's routes and the API's, in-process.
import { describe, expect, test } from 'bun:test'
import { createUser } from '../../../src/domain/users/users'
import { crmSignals } from '../../support/crm-signals'
import { seedTeam, testDeps } from '../../support/deps'
import { client } from '../../support/http'

const PASSWORD = 'correct horse battery'

/** Team acme with four "crm" signals and its owner signed in; sig_003 is stored after its author was muted. */
async function setup() {
  const { deps, clock } = await testDeps()
  const { team, apiKey } = await seedTeam(deps, { name: 'acme' })
  const crm = crmSignals(team.id, 4)
  await deps.repos.signals.insertMany(team.id, crm.slice(0, 3))
  const sql = 'select id from people where team_id = ? and author = ?'
  const person = String((await deps.database.client.execute({ sql, args: [team.id, 'author2'] })).rows[0]?.id)
  await deps.repos.people.setMuted(team.id, person, true)
  await deps.repos.signals.insertMany(team.id, [{ ...(crm[3] as (typeof crm)[number]), author: 'author2' }])
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  const call = client(deps)
  const same = { 'sec-fetch-site': 'same-origin' }
  const signIn = { email: 'ann@acme.test', password: PASSWORD }
  const session = await call('POST', '/console/api/session', { body: signIn, headers: same })
  const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] as string
  const consoleCall = (method: string, path: string, body?: unknown) =>
    call(method, `/console/api${path}`, { body, headers: { ...same, cookie } })
  const api = (method: string, path: string, body?: unknown) => call(method, `/api/v1${path}`, { body, key: apiKey })
  /** The signal as the API lists it (with include=dismissed), and whether the default list has it. */
  const state = async (id: string) => {
    const all = (await api('GET', '/signals?include=dismissed&limit=100')).body.signals as { id: string }[]
    const listed = (await api('GET', '/signals?limit=100')).body.signals as { id: string }[]
    const row = await deps.repos.signalFeedback.byId(team.id, id)
    return {
      verdict: all.find((s) => s.id === id) ? ((all.find((s) => s.id === id) as any).verdict ?? null) : 'gone',
      reason: row?.reason ?? null,
      judgedAt: row?.judgedAt ?? null,
      inList: listed.some((s) => s.id === id),
    }
  }
  /** 👎 in the console, then its Undo with what the verdict's answer said the signal was before. */
  const notRelevantThenUndo = async (id: string) => {
    const judged = await consoleCall('POST', `/signals/${id}/feedback`, { verdict: 'not_relevant' })
    expect(judged.status).toBe(200)
    expect((await state(id)).inList).toBe(false)
    return consoleCall('POST', `/signals/${id}/feedback/undo`, { ...judged.body.before, undoes: judged.body.judgedAt })
  }
  return { deps, clock, team, api, consoleCall, state, notRelevantThenUndo }
}

describe('Undo of 👎 in the console', () => {
  test('👍 with a reason, then 👎, then Undo: relevant again, with its reason and time', async () => {
    const { clock, api, state, notRelevantThenUndo } = await setup()
    expect(
      (await api('POST', '/signals/sig_000/feedback', { verdict: 'relevant', reason: 'fits our ICP' })).status,
    ).toBe(200)
    const before = await state('sig_000')
    clock.set(new Date(clock.now().getTime() + 60_000))
    const undone = await notRelevantThenUndo('sig_000')
    expect(undone.status).toBe(200)
    expect(undone.body).toMatchObject({ signalId: 'sig_000', verdict: 'relevant', reason: 'fits our ICP' })
    expect(await state('sig_000')).toEqual({ ...before, inList: true })
    expect(before).toMatchObject({ verdict: 'relevant', reason: 'fits our ICP', inList: true })
  })

  test('no verdict, then 👎, then Undo: no verdict again, back in the list', async () => {
    const { state, notRelevantThenUndo } = await setup()
    expect((await notRelevantThenUndo('sig_001')).body).toMatchObject({ verdict: null, dismissed: false })
    expect(await state('sig_001')).toEqual({ verdict: null, reason: null, judgedAt: null, inList: true })
  })

  test("a muted person's signal, 👎 then Undo: no verdict, and still dismissed", async () => {
    const { deps, team, state, notRelevantThenUndo } = await setup()
    expect(await state('sig_003')).toEqual({ verdict: null, reason: null, judgedAt: null, inList: false })
    const figures = await deps.database.client.execute({
      sql: "select signal_count, best_score from people where team_id = ? and author = 'author2'",
      args: [team.id],
    })
    expect((await notRelevantThenUndo('sig_003')).body).toMatchObject({ verdict: null, dismissed: true })
    expect(await state('sig_003')).toEqual({ verdict: null, reason: null, judgedAt: null, inList: false })
    // Its person's figures still leave it out, as before the click.
    const after = await deps.database.client.execute({
      sql: "select signal_count, best_score from people where team_id = ? and author = 'author2'",
      args: [team.id],
    })
    expect(after.rows).toEqual(figures.rows)
  })

  test("a muted person's signal judged relevant, then 👎, then Undo: relevant and in the list again", async () => {
    const { consoleCall, state, notRelevantThenUndo } = await setup()
    expect((await consoleCall('POST', '/signals/sig_003/feedback', { verdict: 'relevant' })).status).toBe(200)
    const before = await state('sig_003')
    expect(before.inList).toBe(true)
    expect((await notRelevantThenUndo('sig_003')).status).toBe(200)
    expect(await state('sig_003')).toEqual(before)
  })

  test('an Undo after the verdict changed again (another member, the API, an Undo already) changes nothing', async () => {
    const { clock, api, consoleCall, state } = await setup()
    const judged = await consoleCall('POST', '/signals/sig_001/feedback', { verdict: 'not_relevant' })
    const undo = { ...judged.body.before, undoes: judged.body.judgedAt }
    clock.set(new Date(clock.now().getTime() + 1000))
    await api('POST', '/signals/sig_001/feedback', { verdict: 'relevant', reason: 'a teammate wants it' })
    const theirs = await state('sig_001')
    const late = await consoleCall('POST', '/signals/sig_001/feedback/undo', undo)
    expect(late.status).toBe(404)
    expect(late.body.error).toMatchObject({ code: 'not_found' })
    expect(late.body.error.message).toContain('judged again')
    expect(await state('sig_001')).toEqual(theirs)
    // Undo once: the second of the same is refused, and the first stands.
    const again = await consoleCall('POST', '/signals/sig_002/feedback', { verdict: 'not_relevant' })
    const twice = { ...again.body.before, undoes: again.body.judgedAt }
    expect((await consoleCall('POST', '/signals/sig_002/feedback/undo', twice)).status).toBe(200)
    expect((await consoleCall('POST', '/signals/sig_002/feedback/undo', twice)).status).toBe(404)
    expect((await state('sig_002')).inList).toBe(true)
  })

  test('a bad Undo is refused and changes nothing; another team’s signal is not found', async () => {
    const { deps, consoleCall, state } = await setup()
    await consoleCall('POST', '/signals/sig_001/feedback', { verdict: 'not_relevant', reason: 'a vendor' })
    const judged = await state('sig_001')
    const undoes = judged.judgedAt
    const refused = async (body: object) => {
      const r = await consoleCall('POST', '/signals/sig_001/feedback/undo', { undoes, ...body })
      expect(r.status).toBe(400)
      expect(r.body.error.code).toBe('invalid_request')
      expect(JSON.stringify(r.body)).not.toContain('/work')
      expect(await state('sig_001')).toEqual(judged)
    }
    await refused({ verdict: 'maybe', reason: null, judgedAt: null, dismissed: false })
    await refused({ verdict: 'not_relevant', reason: null, judgedAt: '2026-11-12T00:00:00.000Z', dismissed: false })
    await refused({ verdict: 'relevant', reason: null, judgedAt: null, dismissed: false })
    await refused({ verdict: null, reason: 'why', judgedAt: null, dismissed: false })
    await refused({ verdict: 'relevant', reason: 'x'.repeat(501), judgedAt: '2026-11-12T00:00:00Z', dismissed: false })
    await refused({ verdict: null, reason: null, judgedAt: null })
    await refused({ verdict: null, reason: null, judgedAt: null, dismissed: false, undoes: undefined })
    const other = await seedTeam(deps, { name: 'bravo' })
    await deps.repos.signals.insertMany(other.team.id, [{ ...(crmSignals(other.team.id, 1)[0] as any), id: 'sig_b' }])
    const before = { verdict: null, reason: null, judgedAt: null, dismissed: false, undoes }
    const foreign = await consoleCall('POST', '/signals/sig_b/feedback/undo', before)
    expect(foreign.status).toBe(404)
    expect(foreign.body.error.code).toBe('not_found')
  })
})

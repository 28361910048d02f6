// The console's Undo of a 👎 (docs/console.md#verdicts): the signal goes back to what it was before that click, its
// earlier verdict and reason included, and a muted person's signal stays dismissed (docs/people.md#mute). Through the
// console's routes and the API's, in-process.
import { describe, expect, test } from 'bun:test'
import { crmSignals } from '../../support/crm-signals'
import { seedTeam } from '../../support/deps'
import { undoWorld as setup } from '../../support/undo-world'

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

  test('an Undo a day after its 👎 has expired and changes nothing; one just before that puts the signal back', async () => {
    const { clock, consoleCall, state } = await setup()
    const later = (ms: number) => clock.set(new Date(clock.now().getTime() + ms))
    const judged = await consoleCall('POST', '/signals/sig_001/feedback', { verdict: 'not_relevant' })
    const was = await state('sig_001')
    later(24 * 3_600_000 + 1)
    const late = await consoleCall('POST', '/signals/sig_001/feedback/undo', {
      ...judged.body.before,
      undoes: judged.body.judgedAt,
    })
    expect(late.status).toBe(404)
    expect(late.body.error.message).toContain('expired')
    expect(await state('sig_001')).toEqual(was)
    const again = await consoleCall('POST', '/signals/sig_002/feedback', { verdict: 'not_relevant' })
    later(24 * 3_600_000 - 1000)
    const undo = { ...again.body.before, undoes: again.body.judgedAt }
    expect((await consoleCall('POST', '/signals/sig_002/feedback/undo', undo)).status).toBe(200)
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

// The console's Undo (docs/console.md#verdicts) puts a signal back as the server recorded it before the verdict, never
// as the request says it was: a member could otherwise "undo" into a verdict the signal never had (a reason and a time
// of their choosing, which the tuning reads: docs/scoring.md#tuning-by-verdicts), or bring a muted author's signal
// into the list with no verdict at all (docs/people.md#mute). Through the console's HTTP routes, in-process.
import { describe, expect, test } from 'bun:test'
import { undoWorld } from '../support/undo-world'

const FORGED = { verdict: 'relevant', reason: 'forged', judgedAt: '2020-01-01T00:00:00.000Z', dismissed: false }

describe('an Undo whose body says the signal was something else before', () => {
  test('a signal with no verdict gets none back, not the verdict the body names', async () => {
    const { consoleCall, state } = await undoWorld()
    const judged = await consoleCall('POST', '/signals/sig_001/feedback', { verdict: 'not_relevant' })
    expect(judged.body.before).toMatchObject({ verdict: null, dismissed: false })
    const undone = await consoleCall('POST', '/signals/sig_001/feedback/undo', {
      ...FORGED,
      undoes: judged.body.judgedAt,
    })
    expect(undone.status).toBe(200)
    expect(undone.body).toMatchObject({ signalId: 'sig_001', verdict: null, reason: null, dismissed: false })
    expect(await state('sig_001')).toEqual({ verdict: null, reason: null, judgedAt: null, inList: true })
  })

  test("a muted author's signal stays dismissed, whatever the body says", async () => {
    const { consoleCall, state } = await undoWorld()
    const judged = await consoleCall('POST', '/signals/sig_003/feedback', { verdict: 'not_relevant' })
    expect(judged.body.before).toMatchObject({ verdict: null, dismissed: true })
    const body = { verdict: null, reason: null, judgedAt: null, dismissed: false, undoes: judged.body.judgedAt }
    const undone = await consoleCall('POST', '/signals/sig_003/feedback/undo', body)
    expect(undone.status).toBe(200)
    expect(undone.body).toMatchObject({ verdict: null, dismissed: true })
    expect(await state('sig_003')).toEqual({ verdict: null, reason: null, judgedAt: null, inList: false })
  })

  test("a verdict this server gave no answer with a before (the API's) is not undone into the body's", async () => {
    const { api, consoleCall, state } = await undoWorld()
    const judged = await api('POST', '/signals/sig_002/feedback', { verdict: 'not_relevant', reason: 'a vendor' })
    expect(judged.status).toBe(200)
    const was = await state('sig_002')
    const undone = await consoleCall('POST', '/signals/sig_002/feedback/undo', {
      ...FORGED,
      undoes: judged.body.judgedAt,
    })
    expect(undone.status).toBe(404)
    expect(undone.body.error.code).toBe('not_found')
    expect(await state('sig_002')).toEqual(was)
  })
})

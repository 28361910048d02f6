// The console's Undo of a 👎 against a verdict committed while it runs (docs/console.md#verdicts): another member's,
// the API's or an assistant's verdict that lands right after the Undo's first storage step stands; the Undo never
// writes the signal back over it. Runs on the embedded database and, in `npm run test:sqld`, on a libSQL server.
import { describe, expect, test } from 'bun:test'
import { undoWorld as setup } from '../../support/undo-world'

type World = Awaited<ReturnType<typeof setup>>

/**
 * Every storage call of the Undo's record store (repos.verdictUndos), the first time one of them answers, commits
 * `meanwhile` before the Undo goes on: the gap where a teammate's verdict can land between two of its steps.
 */
function commitAfterFirstStep(world: World, meanwhile: () => Promise<unknown>) {
  const repo = world.deps.repos.verdictUndos as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>
  let fired = false
  for (const name of Object.keys(repo)) {
    const original = repo[name]?.bind(repo) as (...args: unknown[]) => Promise<unknown>
    repo[name] = async (...args) => {
      const answer = await original(...args)
      if (!fired) {
        fired = true
        await meanwhile()
      }
      return answer
    }
  }
}

/**
 * The Undo of `judged` (a 👎's answer) on `id`, with `meanwhile` (another verdict, answered 200) committed after its
 * first storage step: the signal must stay as that verdict left it, which is answered.
 */
async function undoRacing(
  world: World,
  id: string,
  judged: { body: any },
  meanwhile: () => Promise<{ status: number }>,
) {
  const { consoleCall, state } = world
  let theirs: Awaited<ReturnType<typeof state>> | undefined
  commitAfterFirstStep(world, async () => {
    expect((await meanwhile()).status).toBe(200)
    theirs = await state(id)
  })
  await consoleCall('POST', `/signals/${id}/feedback/undo`, { ...judged.body.before, undoes: judged.body.judgedAt })
  expect(await state(id)).toEqual(theirs as Awaited<ReturnType<typeof state>>)
  return theirs
}

describe('Undo of 👎 racing another verdict', () => {
  test('a verdict through the API committed during the Undo stands, with its reason', async () => {
    const world = await setup()
    const { clock, api, consoleCall } = world
    const judged = await consoleCall('POST', '/signals/sig_001/feedback', { verdict: 'not_relevant' })
    expect(judged.status).toBe(200)
    clock.set(new Date(clock.now().getTime() + 1000))
    const rate = () => api('POST', '/signals/sig_001/feedback', { verdict: 'relevant', reason: 'a teammate wants it' })
    const theirs = await undoRacing(world, 'sig_001', judged, rate)
    expect(theirs).toMatchObject({ verdict: 'relevant', reason: 'a teammate wants it', inList: true })
  })

  test("another 👎 in the console committed during the Undo of a 👍's change stands", async () => {
    const world = await setup()
    const { clock, api, consoleCall } = world
    expect((await api('POST', '/signals/sig_000/feedback', { verdict: 'relevant', reason: 'fits' })).status).toBe(200)
    clock.set(new Date(clock.now().getTime() + 1000))
    const judged = await consoleCall('POST', '/signals/sig_000/feedback', { verdict: 'not_relevant' })
    clock.set(new Date(clock.now().getTime() + 1000))
    const rate = () => consoleCall('POST', '/signals/sig_000/feedback', { verdict: 'not_relevant', reason: 'spam' })
    const theirs = await undoRacing(world, 'sig_000', judged, rate)
    expect(theirs).toMatchObject({ verdict: 'not_relevant', reason: 'spam', inList: false })
  })

  test('two Undos of the same 👎 at once: one puts the signal back, the other is refused', async () => {
    const { consoleCall, state } = await setup()
    const judged = await consoleCall('POST', '/signals/sig_002/feedback', { verdict: 'not_relevant' })
    const undo = { ...judged.body.before, undoes: judged.body.judgedAt }
    const both = await Promise.all([
      consoleCall('POST', '/signals/sig_002/feedback/undo', undo),
      consoleCall('POST', '/signals/sig_002/feedback/undo', undo),
    ])
    expect(both.map((r) => r.status).sort()).toEqual([200, 404])
    expect(await state('sig_002')).toEqual({ verdict: null, reason: null, judgedAt: null, inList: true })
  })
})

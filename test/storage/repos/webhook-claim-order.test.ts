// docs/webhooks.md#delivery: a destination's attempts are claimed in one order, by when they are due, then in the
// order they were written; a delivery answered 429 keeps its place in it, so it goes first when its pause ends
// (docs/destinations.md#rate-limits). The ids are random, so ranking by id as a tie let a later delivery whose id
// sorted first pass an earlier one whenever fewer places were free than attempts due: under load a Discord burst
// arrived 9 places out of order, and a refused delivery waited two more pauses behind ones never tried.
import { expect, test } from 'bun:test'
import { deliveriesWritten } from '../../support/webhooks'

const S = 1000

/**
 * One destination with 8 deliveries due at the same time, written in the order `written`, their ids sorting last first.
 */
async function world() {
  const written = ['msg_h', 'msg_g', 'msg_f', 'msg_e', 'msg_d', 'msg_c', 'msg_b', 'msg_a']
  const { repo, now } = await deliveriesWritten(written)
  let n = 0
  const claim = async () => {
    const c = `c${++n}`
    const ids = (await repo.claim({ claim: c, nowMs: now.getTime(), claimMs: 30 * S, limit: 16, perEndpoint: 4 })).map(
      (d) => d.id,
    )
    return { c, ids: ids.sort((a, b) => written.indexOf(a) - written.indexOf(b)) }
  }
  const outcome = { nextAttemptAt: now.getTime(), error: null, at: now.toISOString(), rateLimitedSince: null }
  const succeeded = (id: string, c: string) =>
    repo.finish(id, c, { ...outcome, status: 'succeeded', statusCode: 204, uncounted: false })
  const refused = (id: string, c: string) =>
    repo.finish(id, c, { ...outcome, status: 'pending', statusCode: 429, uncounted: true, error: 'answered 429' })
  return { claim, succeeded, refused }
}

test('a place that comes free goes to the next delivery written, not to the one whose random id sorts first', async () => {
  const { claim, succeeded } = await world()
  const first = await claim()
  expect(first.ids).toEqual(['msg_h', 'msg_g', 'msg_f', 'msg_e'])
  await succeeded('msg_h', first.c)
  expect((await claim()).ids).toEqual(['msg_d'])
})

test('a delivery answered 429 takes the next free place before any delivery written after it', async () => {
  const { claim, succeeded, refused } = await world()
  const first = await claim()
  await succeeded('msg_h', first.c)
  expect((await claim()).ids).toEqual(['msg_d'])
  await refused('msg_e', first.c)
  expect((await claim()).ids).toEqual(['msg_e'])
})

// docs/console.md: a destination's delivery log lists its deliveries newest first. Deliveries written in one
// millisecond (a pass's, or a Test pressed as one is made) are listed in the order they were written, last first: by
// their random ids, a Test pressed with the log open showed below an older delivery now and then.
import { expect, test } from 'bun:test'
import { deliveriesWritten } from '../../support/webhooks'

test('deliveries made in the same millisecond are listed last written first, whatever their ids', async () => {
  // Written first to last; by id, the first written sorts last.
  const { repo, endpoint } = await deliveriesWritten(['msg_c', 'msg_b', 'msg_a'])
  expect((await repo.list(endpoint.id, { limit: 10 })).map((d) => d.id)).toEqual(['msg_a', 'msg_b', 'msg_c'])
})

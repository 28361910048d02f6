// docs/people.md#mute and #links together: a person is muted or not as a whole. An account muted as a person of its
// own and then linked into someone unmuted went quiet for nothing: the link took its mute away without a word (the
// person's page said "not muted"), and its next post was a counted signal, sent to every destination, warming the
// person and announcing them with person.updated.
import { expect, test } from 'bun:test'
import type { Deps } from '../../src/deps'
import { linkPerson, listPeople, mutePerson, unlinkPerson } from '../../src/domain/people/people'
import { createEndpoint } from '../../src/domain/webhooks/endpoints'
import { runPollPass } from '../../src/jobs/poll-pass'
import { buying, DAY, peoplePasses } from '../support/people-passes'
import { endpointInput } from '../support/webhooks'

/** ann on Hacker News and on Reddit, a pass each day, a destination of signals and one of person.updated. */
async function setup() {
  const { deps, clock, world, teamId } = await peoplePasses()
  await createEndpoint(deps, { teamId, input: endpointInput('https://93.184.215.14/hook') })
  await createEndpoint(deps, { teamId, input: endpointInput('https://93.184.215.14/crm', { event: 'person.updated' }) })
  let n = 0
  const post = async (platform: 'hackernews' | 'reddit') => {
    n += 1
    const at = new Date(clock.now().getTime() + DAY / 2).toISOString()
    world.add(platform, 'crm', { id: `p${n}`, author: 'ann', text: buying(n), at })
    clock.set(new Date(clock.now().getTime() + DAY))
    await runPollPass(deps)
    return `${platform}:p${n}`
  }
  await post('hackernews')
  await post('reddit')
  const everyone = (await listPeople(deps, teamId, { limit: 10, offset: 0 })).people
  const id = (platform: string) => everyone.find((p) => p.platform === platform)?.id as string
  return { deps, teamId, post, hn: id('hackernews'), reddit: id('reddit') }
}

const told = async (deps: Deps, postId: string) => {
  const rs = await deps.database.client.execute({
    sql: `select s.dismissed, (select count(*) from webhook_deliveries d where d.signal_id = s.id) as sent,
      (select count(*) from webhook_deliveries d where d.event = 'person.updated') as hot from signals s where post_id = ?`,
    args: [postId],
  })
  const r = rs.rows[0]
  return { dismissed: Number(r?.dismissed), sent: Number(r?.sent), personUpdated: Number(r?.hot) }
}

/** Each person of their own (an account unlinked is one again), muted or not. */
const mutes = async (deps: Deps, teamId: string) =>
  (await listPeople(deps, teamId, { limit: 10, offset: 0, include: 'muted' })).people
    .map((p) => [p.platform, p.muted])
    .sort()

test('an account muted on its own and linked into an unmuted person mutes the person: its next post tells no one', async () => {
  const { deps, teamId, post, hn, reddit } = await setup()
  // Both of ann's first posts were heard; the person.updated destination announced both accounts once.
  const before = (await told(deps, 'reddit:p2')).personUpdated
  await mutePerson(deps, teamId, reddit, true)
  const linked = await linkPerson(deps, teamId, hn, reddit)
  expect(linked.person.muted).toBe(true)
  expect(await told(deps, await post('reddit'))).toEqual({ dismissed: 1, sent: 0, personUpdated: before })
  expect(await told(deps, await post('hackernews'))).toEqual({ dismissed: 1, sent: 0, personUpdated: before })
})

// Unmuted through an account, the whole person is, the account too once unlinked; muted, the account unlinked from
// them keeps that mute.
for (const c of [
  { first: 'reddit', unmuteAfterLink: true, muted: false },
  { first: 'hackernews', unmuteAfterLink: false, muted: true },
] as const)
  test(`${c.first} muted, linked, ${c.unmuteAfterLink ? 'unmuted through reddit, ' : ''}unlinked: both muted ${c.muted}`, async () => {
    const { deps, teamId, post, hn, reddit } = await setup()
    await mutePerson(deps, teamId, c.first === 'reddit' ? reddit : hn, true)
    await linkPerson(deps, teamId, hn, reddit)
    if (c.unmuteAfterLink) expect((await mutePerson(deps, teamId, reddit, false)).person.muted).toBe(false)
    const heard = c.muted ? { dismissed: 1, sent: 0 } : { dismissed: 0, sent: 1 }
    expect(await told(deps, await post('reddit'))).toMatchObject(heard)
    await unlinkPerson(deps, teamId, hn, reddit)
    expect(await mutes(deps, teamId)).toEqual([
      ['hackernews', c.muted],
      ['reddit', c.muted],
    ])
    expect(await told(deps, await post('reddit'))).toMatchObject(heard)
  })

// docs/people.md#renamed-accounts: an X account is kept as a person by its user id (author_id), which X says stays
// while the username can change (docs.x.com, the user object and the author_id expansion), with its newest name shown.
import { expect, test } from 'bun:test'
import { linkPerson, listPeople, unlinkPerson } from '../../../src/domain/people/people'
import { signalFromMention } from '../../../src/domain/signals/from-mention'
import { seedTeam, testDeps } from '../../support/deps'
import { signalRow } from '../../support/webhooks'

const NOW = '2026-11-15T12:00:00.000Z'

async function setup() {
  const { deps } = await testDeps({ now: NOW })
  const { team } = await seedTeam(deps)
  // As a pass stores a post the X connector read (authorId: the author_id of includes.users, test/platforms).
  let n = 0
  const post = (author: string, authorId?: string) =>
    signalFromMention({
      teamId: team.id,
      keyword: 'crm',
      mention: {
        id: `twitter:${++n}`,
        author,
        ...(authorId === undefined ? {} : { authorId }),
        content: 'We need a CRM',
        url: `https://x.com/${author}/status/${n}`,
        profileUrl: `https://x.com/${author}`,
        date: NOW,
        platform: 'twitter',
        engagement: { likes: 0, comments: 0, shares: 0 },
      },
      score: { score: 8, intent: 'ACTIVE', icpMatch: null, reason: 'asks for a CRM' },
    })
  const people = async () =>
    (await listPeople(deps, team.id, { limit: 100, offset: 0 })).people
      .map((p) => `${p.author} ${p.profileUrl} ${p.signals}`)
      .sort()
  const personIds = async () => {
    const rs = await deps.database.client.execute({
      sql: 'select author, person_id from signals where team_id = ? order by author',
      args: [team.id],
    })
    return rs.rows.map((r) => [String(r.author), String(r.person_id)])
  }
  return { deps, teamId: team.id, post, people, personIds }
}

test('a renamed X account stays one person, shown by its new name, its posts under both names theirs', async () => {
  const { deps, teamId, post, people, personIds } = await setup()
  await deps.repos.signals.insertMany(teamId, [post('ann_old', '42'), post('bob', '7')])
  await deps.repos.signals.insertMany(teamId, [post('ann_new', '42')])
  expect(await people()).toEqual(['ann_new https://x.com/ann_new 2', 'bob https://x.com/bob 1'])
  const ids = Object.fromEntries(await personIds())
  expect(ids.ann_old).toBe(ids.ann_new as string)
  expect(ids.bob).not.toBe(ids.ann_new as string)
})

test('a name another account gave up is not its person: the newcomer is a person of their own', async () => {
  const { deps, teamId, post, people } = await setup()
  await deps.repos.signals.insertMany(teamId, [post('ann', '42')])
  // ann (42) renames herself ann_new; account 99 then takes the name ann.
  await deps.repos.signals.insertMany(teamId, [post('ann_new', '42')])
  await deps.repos.signals.insertMany(teamId, [post('ann', '99')])
  // 42's posts under both names are hers; 99's is its own.
  expect(await people()).toEqual(['ann https://x.com/ann 1', 'ann_new https://x.com/ann_new 2'])
})

test('a person from before ids were kept is still found by name: new posts join them, nothing is lost', async () => {
  const { deps, teamId, post, people } = await setup()
  await deps.repos.signals.insertMany(teamId, [post('cy')])
  await deps.repos.signals.insertMany(teamId, [post('cy', '5')])
  expect(await people()).toEqual(['cy https://x.com/cy 2'])
})

test('a renamed X account linked into someone takes back its posts under both names when unlinked', async () => {
  const { deps, teamId, post, people } = await setup()
  await deps.repos.signals.insertMany(teamId, [
    post('ann', '42'),
    signalRow(teamId, { platform: 'reddit', author: 'ann' }),
  ])
  const everyone = (await listPeople(deps, teamId, { limit: 10, offset: 0 })).people
  const [x, reddit] = ['twitter', 'reddit'].map((p) => everyone.find((e) => e.platform === p)?.id as string)
  await linkPerson(deps, teamId, reddit as string, x as string)
  await deps.repos.signals.insertMany(teamId, [post('ann_new', '42')])
  await unlinkPerson(deps, teamId, reddit as string, x as string)
  expect(await people()).toEqual(['ann  1', 'ann_new https://x.com/ann_new 2'])
})

test('two accounts taking one name in a single batch store every post: one takes the name, the other keeps its own', async () => {
  const { deps, teamId, post, people } = await setup()
  await deps.repos.signals.insertMany(teamId, [post('ann', '42'), post('bob', '7')])
  await deps.repos.signals.insertMany(teamId, [post('cy', '42'), post('cy', '7')])
  const shown = await people()
  expect(shown.map((p) => p.split(' ')[2])).toEqual(['2', '2'])
  expect(shown.filter((p) => p.startsWith('cy ')).length).toBe(1)
})

test("two X accounts linked and unlinked: each takes back its own posts, not the other's under an old name", async () => {
  const { deps, teamId, post, people } = await setup()
  // Account 42 posts as ann_old, then renames itself ann_new and posts again; account 7 posts as bob.
  await deps.repos.signals.insertMany(teamId, [post('ann_old', '42'), post('bob', '7')])
  await deps.repos.signals.insertMany(teamId, [post('ann_new', '42')])
  const everyone = (await listPeople(deps, teamId, { limit: 10, offset: 0 })).people
  const [ann, bob] = ['ann_new', 'bob'].map((a) => everyone.find((e) => e.author === a)?.id as string)
  await linkPerson(deps, teamId, ann as string, bob as string)
  await unlinkPerson(deps, teamId, ann as string, bob as string)
  expect(await people()).toEqual(['ann_new https://x.com/ann_new 2', 'bob https://x.com/bob 1'])
})

import { describe, expect, test } from 'bun:test'
import { addKeywords, removeKeywords } from '../../../src/domain/keywords/keywords'
import { pairsFor, trackedOn } from '../../../src/domain/streams/queries'
import type { Mention } from '../../../src/mention'
import { seedTeam, testDeps } from '../../support/deps'

const post = (content: string): Mention => ({
  platform: 'bluesky',
  id: `at://did:plc:a/app.bsky.feed.post/${content.length}`,
  url: 'https://bsky.app/profile/a/post/1',
  author: 'a',
  profileUrl: 'https://bsky.app/profile/a',
  content,
  date: '2026-12-03T12:00:00.000Z',
  engagement: { likes: 0, comments: 0, shares: 0 },
})

// docs/performance.md#streams: a refresh that reads the same tracked keywords keeps the index it built; a keyword
// added or removed, by this team or another, builds it again.
describe('tracked queries of a stream', () => {
  test('the same keywords keep the index; an added or removed keyword is matched from the next refresh', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps, { plan: 'scale' })
    await addKeywords(deps, { teamId: team.id, keywords: ['crm', 'helpdesk'] })
    const first = await trackedOn(deps, 'bluesky')
    expect(await trackedOn(deps, 'bluesky')).toBe(first)
    expect(pairsFor(first, post('looking for a new crm')).map((p) => p.keyword)).toEqual(['crm'])

    await addKeywords(deps, { teamId: team.id, keywords: ['invoicing'] })
    const added = await trackedOn(deps, 'bluesky')
    expect(added).not.toBe(first)
    expect(pairsFor(added, post('which invoicing app do you use')).map((p) => p.keyword)).toEqual(['invoicing'])

    await removeKeywords(deps, { teamId: team.id, keywords: ['crm'] })
    const removed = await trackedOn(deps, 'bluesky')
    expect(removed).not.toBe(added)
    expect(pairsFor(removed, post('looking for a new crm'))).toEqual([])
    deps.database.client.close()
  })

  test("a team whose plan leaves the platform out is not matched, and another team's same keyword is", async () => {
    const { deps } = await testDeps()
    // The starter plan includes no platform.
    const { team: starter } = await seedTeam(deps, { name: 'starter', plan: 'starter' })
    const { team: scale } = await seedTeam(deps, { name: 'scale', plan: 'scale' })
    await addKeywords(deps, { teamId: starter.id, keywords: ['crm'] })
    const none = await trackedOn(deps, 'bluesky')
    expect(pairsFor(none, post('looking for a new crm'))).toEqual([])
    await addKeywords(deps, { teamId: scale.id, keywords: ['crm'] })
    const one = await trackedOn(deps, 'bluesky')
    expect(one).not.toBe(none)
    expect(pairsFor(one, post('looking for a new crm')).map((p) => p.teamId)).toEqual([scale.id])
    deps.database.client.close()
  })
})

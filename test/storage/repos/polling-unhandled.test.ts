// storage/repos/polling.ts `unhandled`: of a page's (team, post) pairs, those neither a signal nor queued already.
import { describe, expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../../support/deps'
import { signalRow, signalsOutcome } from '../../support/webhooks'

describe('which pairs of a page are left to score', () => {
  test('signals and queued pairs are left out, across teams and platforms', async () => {
    const { deps } = await testDeps()
    const a = (await seedTeam(deps, { name: 'a' })).team.id
    const b = (await seedTeam(deps, { name: 'b' })).team.id
    const polling = deps.repos.polling
    // Team a has post 1 as a signal and post 2 queued; team b has neither.
    await polling.store({
      ...signalsOutcome(deps, [signalRow(a, { platform: 'hackernews', postId: '1' })]),
      queue: [{ teamId: a, platform: 'hackernews', postId: '2', keyword: 'crm', mention: {}, attempts: 0 }],
    })
    const pair = (teamId: string, platform: string, postId: string) => ({ teamId, platform, postId, keyword: 'crm' })
    const page = ['1', '2', '3'].flatMap((id) => [pair(a, 'hackernews', id), pair(b, 'hackernews', id)])
    expect(await polling.unhandled(page)).toEqual([
      pair(b, 'hackernews', '1'),
      pair(b, 'hackernews', '2'),
      pair(a, 'hackernews', '3'),
      pair(b, 'hackernews', '3'),
    ])
    // Many (team, platform) groups, one read each: all answered.
    const wide = [...page]
    for (let i = 0; i < 70; i++) wide.push(pair(a, `platform${i}`, '1'))
    const left = await polling.unhandled(wide)
    expect(left).toHaveLength(wide.length - 2)
    expect(left.some((p) => p.teamId === a && p.platform === 'hackernews' && p.postId !== '3')).toBe(false)
    expect(await polling.unhandled([])).toEqual([])
  })
})

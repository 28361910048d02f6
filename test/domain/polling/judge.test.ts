// domain/polling/judge.ts on its own: a pass's pairs scored by the real rules scorer, qualified against each
// keyword's threshold (docs/scoring.md#tuning-by-verdicts), with nothing stored.
import { afterEach, describe, expect, test } from 'bun:test'
import { judge } from '../../../src/domain/polling/judge'
import { newPass, type Pass } from '../../../src/domain/polling/state'
import type { Pair } from '../../../src/domain/polling/cursor'
import type { Threshold } from '../../../src/domain/feedback/tuning'
import { seedTeam, testDeps } from '../../support/deps'

const BUYER = 'We are looking for a CRM for our 5-person sales team. Any recommendations? Budget approved.'
const CHATTER = 'Lovely weather at the lake today, the ducks are out.'

let close: (() => void) | undefined
afterEach(() => close?.())

async function world() {
  const { deps } = await testDeps()
  const { team } = await seedTeam(deps)
  const scorer = deps.scoring.batch()
  close = () => scorer.close()
  const stop = new AbortController()
  const pass = newPass(deps, stop.signal, scorer)
  return { deps, pass, stop, teamId: team.id }
}

const pair = (teamId: string, id: string, content: string): Pair => ({
  teamId,
  platform: 'hackernews',
  postId: id,
  keyword: 'crm',
  attempts: 0,
  mention: {
    id,
    author: 'ann',
    content,
    url: `https://news.ycombinator.com/item?id=${id}`,
    profileUrl: 'https://news.ycombinator.com/user?id=ann',
    date: '2026-11-15T11:00:00.000Z',
    platform: 'hackernews',
    engagement: { likes: 0, comments: 0, shares: 0 },
  },
})

const fixedThreshold = (pass: Pass, t: Threshold) => {
  pass.thresholds = async () => () => t
}

describe('judging a page of pairs', () => {
  test('every pair is scored; a buying post becomes a signal with its team, keyword and post, chatter does not', async () => {
    const { pass, teamId } = await world()
    const j = await judge(pass, [pair(teamId, 'p1', BUYER), pair(teamId, 'p2', CHATTER)])
    expect(j.scored.map((p) => p.postId)).toEqual(['p1', 'p2'])
    expect(j.failed).toEqual([])
    expect(j.unscored).toEqual([])
    expect(j.signals).toHaveLength(1)
    expect(j.signals[0]).toMatchObject({ teamId, keyword: 'crm', platform: 'hackernews', postId: 'p1' })
    expect(j.signals[0]?.score).toBeGreaterThanOrEqual(6)
  })

  test("a threshold the team's verdicts moved qualifies at that value and says so in the reason", async () => {
    const { pass, teamId } = await world()
    fixedThreshold(pass, { value: 1, default: 6, tuned: true, verdicts: 25, offIntents: [] })
    const j = await judge(pass, [pair(teamId, 'p1', BUYER)])
    expect(j.signals[0]?.reason).toContain('tuned threshold 1 for "crm" (default 6), learned from 25 verdicts')
  })

  test('a post under the default threshold but at a lowered one keeps its whole reason (it is written from the threshold used)', async () => {
    const { pass, teamId } = await world()
    fixedThreshold(pass, { value: 1, default: 6, tuned: true, verdicts: 25, offIntents: [] })
    const j = await judge(pass, [pair(teamId, 'p1', 'How do I export contacts from a CRM to a spreadsheet?')])
    expect(j.signals[0]?.score).toBeLessThan(6)
    expect(j.signals[0]?.reason).toMatch(/^(MENTION|QUESTION): .*weighed most: .*the rules read: .*tuned threshold 1/)
  })

  test('a post of an intent the verdicts turned off for the keyword does not qualify, however high it scores', async () => {
    const { pass, teamId } = await world()
    const first = await judge(pass, [pair(teamId, 'p1', BUYER)])
    const intent = first.signals[0]?.intent as string
    fixedThreshold(pass, { value: 6, default: 6, tuned: false, verdicts: 12, offIntents: [intent] })
    const j = await judge(pass, [pair(teamId, 'p2', BUYER)])
    expect(j.signals).toEqual([])
    expect(j.scored.map((p) => p.postId)).toEqual(['p2'])
  })

  test('above every score nothing qualifies, and the pairs still count as scored', async () => {
    const { pass, teamId } = await world()
    fixedThreshold(pass, { value: 11, default: 6, tuned: true, verdicts: 25, offIntents: [] })
    const j = await judge(pass, [pair(teamId, 'p1', BUYER)])
    expect(j.signals).toEqual([])
    expect(j.scored.map((p) => p.postId)).toEqual(['p1'])
  })

  test('a pass that is stopping leaves its pairs unscored, to stay queued', async () => {
    const { pass, stop, teamId } = await world()
    stop.abort()
    const j = await judge(pass, [pair(teamId, 'p1', BUYER)])
    expect(j.unscored.map((p) => p.postId)).toEqual(['p1'])
    expect(j.signals).toEqual([])
  })
})

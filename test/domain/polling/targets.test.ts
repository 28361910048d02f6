import { afterEach, describe, expect, test } from 'bun:test'
import { addKeywords } from '../../../src/domain/keywords/keywords'
import { pollTargets } from '../../../src/domain/polling/targets'
import { fakePlatforms } from '../../support/fake-platforms'
import { seedTeam, testDeps } from '../../support/deps'

const running: { stop(): void }[] = []
afterEach(() => {
  while (running.length) running.pop()?.stop()
})

// Three teams: two share "crm" in two spellings on hackernews; one has reddit and twitter (not configured here).
async function setup() {
  const world = fakePlatforms()
  running.push(world)
  const { deps, clock } = await testDeps({
    config: {
      plans: {
        hn: { api_access: true, monthly_requests: 5, platforms: ['hackernews'] },
        wide: { api_access: true, monthly_requests: 5, platforms: ['hackernews', 'reddit', 'twitter'] },
      },
      platforms: world.platformsConfig,
    },
  })
  const team = async (name: string, plan: string, keywords: string[]) => {
    const { team } = await seedTeam(deps, { name, plan })
    await addKeywords(deps, { teamId: team.id, keywords })
    clock.set(new Date(clock.now().getTime() + 60_000))
    return team.id
  }
  const a = await team('a', 'hn', ['CRM', 'erp'])
  const b = await team('b', 'hn', ['crm'])
  const c = await team('c', 'wide', ['invoicing'])
  return { deps, a, b, c }
}

const shape = (targets: Awaited<ReturnType<typeof pollTargets>>) =>
  targets.map((t) => [t.platform, t.keywordLc, t.teams.map((m) => m.keyword).sort()]).sort()

describe('the searches of a pass', () => {
  test('one search per (platform, keyword) however many teams track it, each team with its own spelling and start', async () => {
    const { deps, a, b } = await setup()
    const targets = await pollTargets(deps)
    expect(shape(targets)).toEqual([
      ['hackernews', 'crm', ['CRM', 'crm']],
      ['hackernews', 'erp', ['erp']],
      ['hackernews', 'invoicing', ['invoicing']],
      ['reddit', 'invoicing', ['invoicing']],
    ])
    const crm = new Map(targets.find((t) => t.keywordLc === 'crm')?.teams.map((t) => [t.teamId, t]))
    expect(crm.get(a)?.keyword).toBe('CRM')
    expect(crm.get(b)?.keyword).toBe('crm')
    // b began tracking after a: a pass treats it as new to the keyword if the cursor's pass came in between.
    expect(String(crm.get(a)?.trackedSince) < String(crm.get(b)?.trackedSince)).toBe(true)
  })

  test('a platform on the plan that this server has not configured (twitter here) is not searched', async () => {
    const { deps } = await setup()
    expect((await pollTargets(deps)).some((t) => t.platform === 'twitter')).toBe(false)
  })

  test('with a team: only its keywords on its platforms, still serving every team that tracks them', async () => {
    const { deps, b, c } = await setup()
    expect(shape(await pollTargets(deps, b))).toEqual([['hackernews', 'crm', ['CRM', 'crm']]])
    expect(shape(await pollTargets(deps, c))).toEqual([
      ['hackernews', 'invoicing', ['invoicing']],
      ['reddit', 'invoicing', ['invoicing']],
    ])
  })

  test('a team on a plan this server does not define is not searched for', async () => {
    const { deps, a } = await setup()
    await deps.database.client.execute({ sql: "update teams set plan = 'retired' where id = ?", args: [a] })
    expect(shape(await pollTargets(deps))).toEqual([
      ['hackernews', 'crm', ['crm']],
      ['hackernews', 'invoicing', ['invoicing']],
      ['reddit', 'invoicing', ['invoicing']],
    ])
  })
})

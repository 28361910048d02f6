// A team polling `crm` on two fake platforms (Hacker News and Reddit), a pass a day, for the tests of people made by
// polling passes (docs/people.md). Each world is stopped after its test.
import { afterEach } from 'bun:test'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { seedTeam, testDeps } from './deps'
import { fakePlatforms } from './fake-platforms'

export const DAY = 86_400_000
/** A post the scorer reads as someone ready to buy; `n` keeps each one apart. */
export const buying = (n: number) =>
  `We are looking for a CRM to replace our spreadsheets, can anyone recommend one? Budget approved (${n}).`

const running: { stop(): void }[] = []
afterEach(() => {
  while (running.length) running.pop()?.stop()
})

export async function peoplePasses() {
  const world = fakePlatforms()
  running.push(world)
  const poller = {
    api_access: true,
    monthly_requests: 500,
    platforms: ['hackernews', 'reddit'] as ('hackernews' | 'reddit')[],
  }
  const { deps, clock } = await testDeps({ config: { plans: { poller }, platforms: world.platformsConfig } })
  const { team } = await seedTeam(deps, { name: 'a', plan: 'poller' })
  await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
  return { deps, clock, world, teamId: team.id }
}

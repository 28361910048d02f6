// docs/people.md: one person per team, platform and author name, keeping the profile address the platform gave; a
// later post that brings none (a connector that found no profile: docs/platforms.md) leaves the kept one, and one that
// brings another replaces it.
import { expect, test } from 'bun:test'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { signalRow } from '../support/webhooks'

type Person = { platform: string; author: string; profileUrl: string; signals: number }

test('a post without a profile address keeps the person and the address they had; a new address replaces it', async () => {
  const { deps } = await testDeps({ now: '2026-11-15T12:00:00.000Z' })
  const { team, apiKey } = await seedTeam(deps)
  const post = (profileUrl: string) => ({ ...signalRow(team.id, { author: 'Jane', platform: 'medium' }), profileUrl })
  const people = async () => {
    const res = (await client(deps)('GET', '/api/v1/people', { key: apiKey })) as { body: { people: Person[] } }
    return res.body.people.map((p) => [p.platform, p.author, p.profileUrl, p.signals])
  }
  await deps.repos.signals.insertMany(team.id, [post('https://jane.medium.com')])
  await deps.repos.signals.insertMany(team.id, [post('')])
  expect(await people()).toEqual([['medium', 'Jane', 'https://jane.medium.com', 2]])
  await deps.repos.signals.insertMany(team.id, [post('https://medium.com/@jane')])
  expect(await people()).toEqual([['medium', 'Jane', 'https://medium.com/@jane', 3]])
})

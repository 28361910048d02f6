// The world of the people tests over HTTP (test/http/people*.test.ts): a team whose signals come from four authors on
// two platforms, the answers' shapes, and the heat of docs/people.md written again. Shared so each part of those
// tests, run as a unit of its own, sets up the same world.
import { client } from './http'
import { seedTeam, testDeps } from './deps'
import { signalRow } from './webhooks'

export type Person = {
  id: string
  platform: string
  author: string
  identities: { id: string; platform: string; author: string }[]
  signals: number
  bestScore: number
  bestIntent: string | null
  icpMatched: boolean
  lastSeen: string | null
  heat: number
  band: string
  muted: boolean
}
export type Page = { people: Person[]; total: number }
export type Detail = { person: Person; posts: { id: string; platform: string; publishedAt: string }[] }

export const NOW = '2026-11-15T12:00:00.000Z'
export const daysAgo = (d: number) => new Date(Date.parse(NOW) - d * 86_400_000).toISOString()

/** A team whose signals come from four authors on two platforms, one of them on both. */
export async function setup() {
  const { deps, clock } = await testDeps({ now: NOW })
  const { team, apiKey } = await seedTeam(deps)
  const other = await seedTeam(deps, { name: 'other' })
  const row = signalRow
  await deps.repos.signals.insertMany(team.id, [
    row(team.id, { author: 'ann', platform: 'reddit', score: 9, icpMatch: 'Agencies', publishedAt: daysAgo(0) }),
    row(team.id, { author: 'ann', platform: 'reddit', score: 6, intent: 'PAIN', publishedAt: daysAgo(2) }),
    row(team.id, { author: 'ann', platform: 'twitter', score: 7, intent: 'COMPETITOR', publishedAt: daysAgo(1) }),
    row(team.id, { author: 'bob', platform: 'hackernews', score: 8, publishedAt: daysAgo(40) }),
    row(team.id, { author: '=HYPERLINK("x")', platform: 'hackernews', score: 5, intent: 'QUESTION' }),
  ])
  await deps.repos.signals.insertMany(other.team.id, [row(other.team.id, { author: 'zed' })])
  const call = client(deps)
  const as =
    (key: string) =>
    <T>(method: string, path: string, body?: unknown) =>
      call(method, path, { key, body }) as Promise<{ status: number; body: T }>
  return { deps, clock, team, api: as(apiKey), otherApi: as(other.apiKey) }
}

/** docs/people.md#heat, written again from the table there. */
export const heatOf = (p: Person) => {
  const days = (Date.parse(NOW) - Date.parse(p.lastSeen as string)) / 86_400_000
  return Math.round(
    5 * p.bestScore + 25 * Math.min(1, Math.max(0, 1 - days / 30)) + 3 * Math.min(p.signals, 5) + 10 * +p.icpMatched,
  )
}

export const find = (page: Page, platform: string, author: string) =>
  page.people.find((p) => p.platform === platform && p.author === author) as Person

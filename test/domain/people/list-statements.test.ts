// docs/people.md#listing-people: a page of people shows each one's linked identities; a page of 100 people reads them
// in one statement, not one per person (a 100-person page was 101 round trips to the database).
import { describe, expect, test } from 'bun:test'
import type { Client } from '@libsql/client'
import { listPeople } from '../../../src/domain/people/people'
import { createPeopleRepo } from '../../../src/storage/repos/people'
import { seedTeam, testDeps } from '../../support/deps'
import { signalRow } from '../../support/webhooks'

const NOW = '2026-11-15T12:00:00.000Z'

describe('a page of people with linked accounts', () => {
  test('the same people and identities, read in as many statements for 40 people as for 2', async () => {
    const { deps } = await testDeps({ now: NOW })
    const { team } = await seedTeam(deps)
    // 40 people on Reddit, each with an account on X (and every fifth one on Bluesky too) linked to them.
    const rows = []
    for (let i = 0; i < 40; i++) {
      const at = new Date(Date.parse(NOW) - i * 3_600_000).toISOString()
      rows.push(signalRow(team.id, { author: `p${i}`, platform: 'reddit', score: 9, publishedAt: at }))
      rows.push(signalRow(team.id, { author: `p${i}_x`, platform: 'twitter', score: 2, publishedAt: at }))
      if (i % 5 === 0) rows.push(signalRow(team.id, { author: `p${i}_b`, platform: 'bluesky', score: 1 }))
    }
    await deps.repos.signals.insertMany(team.id, rows)
    const ids = new Map(
      (await deps.database.client.execute('select id, author from people')).rows.map((r) => [
        String(r.author),
        String(r.id),
      ]),
    )
    for (let i = 0; i < 40; i++) {
      const into = ids.get(`p${i}`) as string
      await deps.repos.people.link(team.id, into, ids.get(`p${i}_x`) as string)
      if (i % 5 === 0) await deps.repos.people.link(team.id, into, ids.get(`p${i}_b`) as string)
    }

    let statements = 0
    const counting = new Proxy(deps.database.client, {
      get: (target, prop) => {
        const f = Reflect.get(target, prop)
        if (prop !== 'execute' && prop !== 'batch') return f
        return (...args: unknown[]) => {
          statements += prop === 'batch' ? (args[0] as unknown[]).length : 1
          return (f as (...a: unknown[]) => unknown).apply(target, args)
        }
      },
    }) as Client
    const counted = { ...deps, repos: { ...deps.repos, people: createPeopleRepo(counting) } }
    const page = async (limit: number) => {
      statements = 0
      const got = await listPeople(counted, team.id, { limit, offset: 0 })
      return { got, statements }
    }
    const two = await page(2)
    const forty = await page(40)
    expect(forty.statements).toBe(two.statements)
    expect(forty.statements).toBeLessThanOrEqual(3)

    // The answer is what the uncounted repo gives, person by person.
    const plain = await listPeople(deps, team.id, { limit: 40, offset: 0 })
    expect(forty.got).toEqual(plain)
    expect(forty.got.people).toHaveLength(40)
    for (const p of forty.got.people) {
      const i = Number(p.author.slice(1))
      const expected = [`twitter:p${i}_x`, ...(i % 5 === 0 ? [`bluesky:p${i}_b`] : [])]
      expect(p.identities.map((x) => `${x.platform}:${x.author}`).sort()).toEqual(expected.sort())
      expect(p.identities.map((x) => x.id)).toEqual([...p.identities.map((x) => x.id)].sort())
    }
  })
})

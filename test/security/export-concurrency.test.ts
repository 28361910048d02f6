// docs/security.md#what-is-bounded: an export stays open for as long as its client takes to read it, holding a page
// of full texts and (on a local database) a connection of its own. A team has at most 4 signal exports open at once
// (and 4 people exports),
// through the API and the console together (the console's are not counted against the quota, so nothing else bounded
// them); the next is 429 too_many_exports, charges nothing, and another team is not held up.
import { describe, expect, test } from 'bun:test'
import { createApp } from '../../src/app'
import { createUser } from '../../src/domain/users/users'
import { seedTeam, testDeps } from '../support/deps'
import { hostileSignals } from '../support/exports'
import { signalRow } from '../support/webhooks'

const PASSWORD = 'correct horse battery'

describe('exports open at once', () => {
  test('signal exports: a fifth is 429 too_many_exports until one ends; another team is not held up', async () => {
    const { deps } = await testDeps()
    const { team, apiKey } = await seedTeam(deps, { name: 'acme' })
    const other = await seedTeam(deps, { name: 'other' })
    await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
    // More than a page, so that an export not read to its end stays open.
    const row = hostileSignals(team.id)[10]
    await deps.repos.signals.insertMany(
      team.id,
      Array.from({ length: 250 }, (_, i) => ({ ...row, id: `sig_c${i}`, postId: `c${i}` })),
    )
    const app = createApp(deps)
    const signIn = await app.handle(
      new Request('http://localhost/console/api/session', {
        method: 'POST',
        headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ann@acme.test', password: PASSWORD }),
      }),
    )
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]
    const viaApi = (key = apiKey) =>
      app.handle(new Request('http://localhost/api/v1/signals/export?format=jsonl', { headers: { 'x-api-key': key } }))
    const viaConsole = () =>
      app.handle(new Request('http://localhost/console/api/signals/export?format=csv', { headers: { cookie } }))

    // Four exports begun and not read: two from the console, two from the API.
    const held = [await viaConsole(), await viaConsole(), await viaApi(), await viaApi()]
    for (const r of held) expect(r.status).toBe(200)
    const used = async () => {
      const r = await app.handle(new Request('http://localhost/api/v1/usage', { headers: { 'x-api-key': apiKey } }))
      return ((await r.json()) as { usage: { used: number } }).usage.used
    }
    const usedBefore = await used()
    expect(usedBefore).toBe(2)
    for (const refused of [await viaApi(), await viaConsole()]) {
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
      const body = (await refused.json()) as { error: { code: string; message: string } }
      expect(body.error.code).toBe('too_many_exports')
      expect(body.error.message).toContain('4')
    }
    // The refused API export cost nothing.
    expect(await used()).toBe(usedBefore)
    // Another team exports meanwhile.
    const theirs = await viaApi(other.apiKey)
    expect(theirs.status).toBe(200)
    await theirs.text()

    // One client goes away, another reads to the end: two more may begin.
    await held[0].body?.cancel()
    expect((await held[2].text()).split('\n').filter(Boolean)).toHaveLength(250)
    const again = [await viaConsole(), await viaApi()]
    for (const r of again) expect(r.status).toBe(200)
    expect((await viaApi()).status).toBe(429)
    for (const r of [held[1], held[3], ...again]) await r.body?.cancel()
    expect((await viaApi()).status).toBe(200)
  })

  // The people export holds a page of people the same way, and none of its routes is counted.
  test('people exports: a fifth is 429 too_many_exports until one ends', async () => {
    const { deps } = await testDeps()
    const { team, apiKey } = await seedTeam(deps, { name: 'acme' })
    await deps.repos.signals.insertMany(
      team.id,
      Array.from({ length: 250 }, (_, i) => signalRow(team.id, { author: `author${i}`, postId: `p${i}` })),
    )
    const app = createApp(deps)
    const request = () =>
      app.handle(
        new Request('http://localhost/api/v1/people/export?format=jsonl', { headers: { 'x-api-key': apiKey } }),
      )
    const held = [await request(), await request(), await request(), await request()]
    for (const r of held) expect(r.status).toBe(200)
    const refused = await request()
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('too_many_exports')
    await held[0].body?.cancel()
    expect((await held[1].text()).split('\n').filter(Boolean)).toHaveLength(250)
    const two = [await request(), await request()]
    for (const r of two) expect(r.status).toBe(200)
    for (const r of [held[2], held[3], ...two]) await r.body?.cancel()
  })
})

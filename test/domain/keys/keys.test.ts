import { describe, expect, test } from 'bun:test'
import { authenticate } from '../../../src/domain/keys/authenticate'
import { issueApiKey, listApiKeys, revokeApiKey } from '../../../src/domain/keys/keys'
import { seedTeam, testDeps } from '../../support/deps'

describe('revokeApiKey', () => {
  test('by prefix or by the whole key; the key stops working at once, and only the prefix is returned', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps)
    const byPrefix = await issueApiKey(deps, { teamId: team.id, label: 'a' })
    const byWhole = await issueApiKey(deps, { teamId: team.id, label: 'b' })

    expect(await revokeApiKey(deps, { teamId: team.id, key: byPrefix.prefix })).toBe(byPrefix.prefix)
    expect(await revokeApiKey(deps, { teamId: team.id, key: ` ${byWhole.apiKey} ` })).toBe(byWhole.prefix)
    for (const key of [byPrefix.apiKey, byWhole.apiKey]) {
      await expect(authenticate(deps, key)).rejects.toMatchObject({ kind: 'invalid_api_key' })
    }
    expect((await listApiKeys(deps, { teamId: team.id })).filter((k) => k.revokedAt).length).toBe(2)
  })

  test("another team's whole key is refused without revoking it", async () => {
    const { deps } = await testDeps()
    const mine = await seedTeam(deps, { name: 'mine' })
    const theirs = await seedTeam(deps, { name: 'theirs' })
    await expect(revokeApiKey(deps, { teamId: mine.team.id, key: theirs.apiKey })).rejects.toMatchObject({
      kind: 'not_found',
    })
    expect((await authenticate(deps, theirs.apiKey)).team.id).toBe(theirs.team.id)
  })
})

// docs/api.md#signals: `since` takes the forms of a time that the import takes (docs/operations.md#importing-signals):
// RFC 3339 section 5.6 lets "T" and "Z" be written in lower case and (its note) a space stand between the date and
// the time. The import took `2026-10-04 12:00:00Z` while the list, the export and `signals export --since` refused
// it; and for a day or a time that does not exist the two said different things. One reader, one wording.
import { describe, expect, test } from 'bun:test'
import { parseSignalLine } from '../../src/domain/signals/import'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { importLine } from '../support/exports'
import { signalRow } from '../support/webhooks'

async function setup() {
  const { deps } = await testDeps({ config: { plans: { endless: { monthly_requests: 'unlimited' } } } })
  const { team, apiKey } = await seedTeam(deps, { plan: 'endless' })
  // Six people, posting one an hour from 08:00 UTC on 2026-10-04.
  const at = (i: number) => `2026-10-04T${String(8 + i).padStart(2, '0')}:00:00.000Z`
  const rows = Array.from({ length: 6 }, (_, i) => signalRow(team.id, { author: `author${i}`, publishedAt: at(i) }))
  await deps.repos.signals.insertMany(team.id, rows)
  const call = client(deps)
  const get = (route: string, since: string) =>
    call('GET', `/api/v1/${route}?since=${encodeURIComponent(since)}`, { key: apiKey })
  return { get }
}

const importMessage = (publishedAt: string) => {
  const r = parseSignalLine(importLine(1, { publishedAt }), { teamId: 't', now: new Date('2026-11-15T00:00:00Z') })
  return r && 'message' in r ? r.message.replace(/^publishedAt: /, '') : undefined
}

describe('since: the forms of a time the import takes', () => {
  test('a space or a lower-case t or z is the same instant, in the list, the people and the export', async () => {
    const { get } = await setup()
    for (const since of ['2026-10-04 10:00:00Z', '2026-10-04t10:00:00z', '2026-10-04 12:00:00+02:00']) {
      const list = await get('signals', since)
      expect({ since, status: list.status, n: list.body.signals?.length }).toEqual({ since, status: 200, n: 4 })
      expect((await get('people', since)).body.people).toHaveLength(4)
      const csv = await get('signals/export', since)
      expect({ since, status: csv.status, rows: String(csv.body).trim().split('\n').length }).toEqual({
        since,
        status: 200,
        rows: 5,
      })
    }
    // A + of the zone that arrived as a space is named as such with a space between date and time too.
    const plus = await get('signals', '2026-10-04 12:00:00 02:00')
    expect(plus.body.error.message).toContain('%2B')
  })

  test('a time that is no instant is refused in the words of the import', async () => {
    const { get } = await setup()
    // The form alone differs, as a date without a time is a filter's 00:00 UTC but no post's instant.
    const noInstants = [
      '2026-02-30T10:00:00Z',
      '2026-11-01 10:60:00Z',
      '2026-11-01t10:00:00+24:00',
      '9999-12-31T23:00:00-05:00',
    ]
    const said = async (since: string) => (await get('signals', since)).body.error?.details?.[0]?.message
    const answers = await Promise.all(noInstants.map(said))
    expect(answers).toEqual(noInstants.map((since) => importMessage(since) ?? `the import took ${since}`))
  })
})

// docs/operations.md#importing-signals: an export writes `"personId": null` for a signal whose author the platform
// did not name (docs/people.md#who-is-a-person). Imported, such a line made a person of the stand-in `unknown`, who
// gathered every such post of the platform; a line that gives null (or a blank id) is now a post with no known
// author, and one without the field still makes its author a person.
import { describe, expect, test } from 'bun:test'
import type { Deps } from '../../../src/deps'
import { importSignals } from '../../../src/domain/signals/import'
import { bytesLines } from '../../../src/domain/signals/line-source'
import { seedTeam, testDeps } from '../../support/deps'
import { importLine } from '../../support/exports'

const importLines = (deps: Deps, teamId: string, lines: string[]) =>
  importSignals(deps, { teamId, lines: bytesLines(Buffer.from(lines.join('\n'))), skipInvalid: false })

const rows = async (deps: Deps, sql: string) => {
  const rs = await deps.database.client.execute(sql)
  return rs.rows.map((r) => Object.fromEntries(rs.columns.map((c) => [c, r[c]])))
}

describe('signals import: personId null', () => {
  test('is a post with no person; a line without personId makes its author a person, as before', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps)
    const unknown = { platform: 'twitter', author: 'unknown' }
    const r = await importLines(deps, team.id, [
      importLine(1, { ...unknown, personId: null }),
      importLine(2, { ...unknown, personId: '  ' }),
      importLine(3, unknown),
      importLine(4, { ...unknown, personId: 'per_0123456789abcdef01234567' }),
    ])
    expect(r).toMatchObject({ applied: true, imported: 4 })
    const people = await rows(deps, 'select id, platform, author, signal_count from people')
    expect(people).toEqual([
      { id: expect.stringMatching(/^per_/), platform: 'twitter', author: 'unknown', signal_count: 2 },
    ])
    expect(await rows(deps, 'select post_id, person_id from signals order by post_id')).toEqual([
      { post_id: 'twitter:old-1', person_id: null },
      { post_id: 'twitter:old-2', person_id: null },
      { post_id: 'twitter:old-3', person_id: people[0]?.id },
      { post_id: 'twitter:old-4', person_id: people[0]?.id },
    ])
  })
})

// docs/operations.md#importing-signals: an import before blank contentFull and icpMatch were read as absent stored
// them as given ("" or spaces, another tool's or a spreadsheet's way to write none). A database holding such rows has
// them as the import stores them now, null, at its first start with this version; its people's ICP match with them.
import { expect, test } from 'bun:test'
import { migrations } from '../../../drizzle/migrations'
import { migrate } from '../../../src/storage/migrate'
import { asBeforeMigration } from '../../support/before-migration'
import { seedTeam, testDeps } from '../../support/deps'
import { signalRow as row } from '../../support/webhooks'
import type { NewSignal } from '../../../src/storage/repos/signals'

const TAG = '0028_blank_texts_as_none'
// Keyed as polling keys a post, so that the migration after this one (0029, bare ids) leaves them as they are.
const signalRow = (teamId: string, a: Partial<NewSignal>) => {
  const r = row(teamId, a)
  return { ...r, postId: `${r.platform}:${r.postId}` }
}

test(`${TAG} stores a blank contentFull and icpMatch as null, and changes nothing else`, async () => {
  const { deps } = await testDeps()
  const { team } = await seedTeam(deps)
  const { team: other } = await seedTeam(deps, { name: 'other' })
  const client = deps.database.client
  // As the version before this one left it: at the migration before, with its rows.

  // Imported from another tool's file: "" for none.
  const empty = signalRow(team.id, { author: 'dee', contentFull: '', icpMatch: '' })
  // Spaces, a tab and a no-break space: blank as well, as the import reads them now.
  const blank = signalRow(team.id, { author: 'eve', contentFull: ' \t\u00a0', icpMatch: '  ' })
  // eve matched a profile with another post: she keeps her match.
  const matched = signalRow(team.id, { author: 'eve', icpMatch: 'Agencies' })
  // Texts with words, spaces around them included, and nulls: as they were.
  const spaced = signalRow(team.id, { author: 'ann', contentFull: ' Any CRM? ', icpMatch: ' Agencies' })
  const none = signalRow(team.id, { author: 'bob', contentFull: null, icpMatch: null })
  const elsewhere = signalRow(other.id, { author: 'cy', icpMatch: 'Agencies' })
  await deps.repos.signals.insertMany(team.id, [empty, blank, matched, spaced, none])
  await deps.repos.signals.insertMany(other.id, [elsewhere])

  const rows = async (sql: string) => {
    const { columns, rows } = await client.execute(sql)
    return rows.map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i]])))
  }
  const signals = () => rows('select * from signals order by id')
  const people = () => rows('select * from people order by id')
  const teams = () => rows('select id, signals_version from teams order by id')
  const [signalsBefore, peopleBefore, teamsBefore] = [await signals(), await people(), await teams()]
  expect(peopleBefore.find((p) => p.author === 'dee')).toMatchObject({ icp_matched: 1 })

  // Written by this version's code, then made to look older: its code writes columns a later migration added.
  const from = await asBeforeMigration(client, TAG)
  expect(await migrate(client)).toEqual(migrations.slice(from).map((m) => m.tag))

  const fixed = new Set([empty.id, blank.id])
  expect(await signals()).toEqual(
    signalsBefore.map((s) => (fixed.has(String(s.id)) ? { ...s, content_full: null, icp_match: null } : s)),
  )
  // dee's only match was the blank one; eve's other post matched.
  expect(await people()).toEqual(peopleBefore.map((p) => (p.author === 'dee' ? { ...p, icp_matched: 0 } : p)))
  // The team's lists and counts remembered by a server still running the version before are read again.
  expect(await teams()).toEqual(
    teamsBefore.map((t) => (t.id === team.id ? { ...t, signals_version: Number(t.signals_version) + 1 } : t)),
  )
})

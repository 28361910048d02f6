// docs/operations.md#exactly-once: the demo's sample signals are keyed as polling keys a post (platform:id), so the
// demo team's export imported back into it adds nothing: every line is the signal the team has.
import { expect, test } from 'bun:test'
import { openExport } from '../../../src/domain/signals/export'
import { importSignals } from '../../../src/domain/signals/import'
import { bytesLines } from '../../../src/domain/signals/line-source'
import { ensureDemoTeam } from '../../../src/domain/teams/demo'
import { testDeps } from '../../support/deps'

test("the demo's signals, exported and imported into the demo team again, are each a duplicate", async () => {
  const { deps } = await testDeps()
  expect(await ensureDemoTeam(deps)).toMatchObject({ created: true })
  const team = await deps.repos.teams.find('demo')
  if (!team) throw new Error('no demo team')
  const exported = await openExport(deps, team, { format: 'jsonl', include: 'dismissed' })
  const file = Buffer.from(await new Response(exported.body).arrayBuffer())
  const lines = file.toString('utf8').trim().split('\n')
  expect(lines.length).toBeGreaterThan(2)
  for (const line of lines) {
    const { platform, postId } = JSON.parse(line)
    expect(postId).toStartWith(`${platform}:`)
  }
  const result = await importSignals(deps, { teamId: team.id, lines: bytesLines(file), skipInvalid: false })
  expect(result).toMatchObject({ applied: true, imported: 0, rejected: [] })
})

// `signals export --out FILE` stopped by Ctrl-C (or TERM) left its part, FILE.PID-RANDOM.partial, as large as the
// export had got (gigabytes for a large team), for the user to find; `backup` removes its part on the same signals.
// The part is now removed and the command says so (docs/operations.md#exporting-signals).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { cutMidway, processWorld, seedDatabase, spawnChild, until } from '../process/child'
import { seedTeam } from '../support/deps'

const world = processWorld({})
let teamId = ''
beforeAll(async () => {
  teamId = await seedDatabase(world, {}, async (deps) => {
    const { team } = await seedTeam(deps)
    // About 25 MB of CSV: seconds to write, time enough to be stopped while it is written.
    const rows = Array.from({ length: 6000 }, (_, i) => ({
      id: `sig_cut${i}`,
      teamId: team.id,
      platform: 'reddit',
      postId: `cut-${i}`,
      author: `author-${i % 50}`,
      intent: 'ACTIVE',
      score: 8,
      reason: 'asks for a CRM',
      icpMatch: null,
      preview: 'p'.repeat(300),
      contentFull: 'f'.repeat(4000),
      url: `https://example.com/post/${i}`,
      keyword: 'crm',
      publishedAt: '2026-11-01T00:00:00.000Z',
      detectedAt: '2026-11-01T00:00:00.000Z',
    }))
    for (let i = 0; i < rows.length; i += 1000) await deps.repos.signals.insertMany(team.id, rows.slice(i, i + 1000))
    return team.id
  })
}, 60_000)
afterAll(() => world.cleanup())

const parts = () => readdirSync(world.dir).filter((f) => f.includes('.partial'))

// The line names FILE as typed, as every other line of the CLI echoes a value: a right-to-left override (U+202E) in
// the name came back raw (JSON.stringify leaves it), reordering the rest of the line on the terminal.
const CASES = [
  { signal: 'SIGINT', name: 'leads.csv', shown: 'leads.csv' },
  { signal: 'SIGTERM', name: 'leads.csv', shown: 'leads.csv' },
  { signal: 'SIGINT', name: 'leads\u202evsc.csv', shown: 'leads\ufffdvsc.csv' },
] as const

describe('signals export --out stopped by a signal', () => {
  for (const { signal, name, shown } of CASES) {
    test(`${signal} removes the part of ${JSON.stringify(name)} and says so; a file --force was to replace stays as it was`, async () => {
      const written = () => parts().some((f) => (Bun.file(`${world.dir}/${f}`).size ?? 0) > 1_000_000)
      // On a loaded host the export can end between two looks at its part: the signal then finds the file written
      // whole, which is put back and the try made again.
      const child = await cutMidway(`${signal} during the export`, async () => {
        world.file(name, 'kept\n')
        const child = spawnChild(world, ['signals', 'export', '--team', teamId, '--out', name, '--force'])
        await until('the export to be under way', written, 30_000)
        child.proc.kill(signal)
        const code = await child.exited()
        if (code === 1) return child
        expect({ code, stderr: child.stderr(), parts: parts() }).toEqual({ code: 0, stderr: '', parts: [] })
        const rows = readFileSync(`${world.dir}/${name}`, 'utf8').split('\n')
        expect(rows.filter((row) => row.includes('cut-'))).toHaveLength(6000)
      })
      expect(child.stderr()).toBe(
        `lead-signals: stopped by ${signal}: "${shown}" was not written, and the part written was removed\n`,
      )
      expect(parts()).toEqual([])
      expect(readFileSync(`${world.dir}/${name}`, 'utf8')).toBe('kept\n')
    })
  }
})

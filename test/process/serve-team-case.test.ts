import { afterEach, describe, expect, test } from 'bun:test'
import { seedTeam } from '../support/deps'
import { processWorld, seedDatabase, spawnChild } from './child'

const cleanup: (() => unknown)[] = []
afterEach(() => {
  while (cleanup.length) cleanup.pop()?.()
})

const config = { server: { host: '127.0.0.1', port: 0 }, scorer: { backend: 'rules' }, polling: { enabled: false } }

// docs/operations.md#teams-keys-keywords-and-profiles: team names are unique ignoring case now; a database where an
// earlier version made "Acme" and "acme" still serves both, and its log says how to tell them apart.
describe('serve on a database holding two teams whose names differ only in case', () => {
  test('it starts, serves both, and logs team_names_case once with what to do', async () => {
    const world = processWorld(config)
    cleanup.push(() => world.cleanup())
    const { first, second } = await seedDatabase(world, config, async (deps) => {
      const first = await seedTeam(deps, { name: 'Acme' })
      const second = await seedTeam(deps, { name: 'other' })
      await deps.repos.teams.update(second.team.id, { name: 'acme' })
      return { first, second }
    })
    const child = spawnChild(world, ['serve'])
    cleanup.push(() => child.proc.kill('SIGKILL'))
    await child.waitForOutput('the team_names_case line', (o) => o.stderr.includes('"event":"team_names_case"'))
    const url = new URL(/"url":"([^"]+)"/.exec(child.stdout())![1])
    for (const [key, name] of [
      [first.apiKey, 'Acme'],
      [second.apiKey, 'acme'],
    ]) {
      const r = await fetch(new URL('/api/routes/test-api', url), { headers: { 'x-api-key': key as string } })
      expect(await r.json()).toEqual({ success: true, message: `API key is valid for team "${name}"` })
    }
    const lines = child
      .stderr()
      .split('\n')
      .filter((l) => l.includes('"event":"team_names_case"'))
      .map((l) => JSON.parse(l))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      level: 'warn',
      message: `Teams "Acme" and "acme" differ only in case: give --team exactly as listed, or rename one (lead-signals team set --team ${second.team.id} --name NEW_NAME)`,
    })
  })
})

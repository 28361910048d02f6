// docs/operations.md#running-it: `serve --demo` makes the demo team with the one key it prints. createTeam's own
// "first key", whose secret nobody was ever shown, was listed beside it in Settings as a second, unexplained key.
import { expect, test } from 'bun:test'
import { ensureDemoTeam } from '../../../src/domain/teams/demo'
import { testDeps } from '../../support/deps'

test('a new demo team has only the key the demo prints, and that key is the one listed', async () => {
  const { deps } = await testDeps()
  const made = await ensureDemoTeam(deps)
  const team = await deps.repos.teams.find('demo')
  if (!made || !team) throw new Error('no demo team')
  const keys = await deps.repos.apiKeys.listForTeam(team.id)
  expect(keys.map((k) => k.label)).toEqual(['demo (serve --demo)'])
  expect(made.apiKey).toStartWith(keys[0]?.prefix as string)
})

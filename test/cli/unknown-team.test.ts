// A --team that names no team said only 'no team with id or name "acem"', leaving the operator to guess the
// spelling or find the command that lists the teams. It now offers the name it most likely meant, else that command.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createWorkspace, ok, runCli } from './run-cli'

const ws = createWorkspace()
beforeAll(async () => {
  await ok(ws, ['team', 'create', '--name', 'acme corp', '--plan', 'growth'])
  await ok(ws, ['team', 'create', '--name', 'globex', '--plan', 'growth'])
})
afterAll(() => ws.cleanup())

const refused = async (team: string) => {
  const r = await runCli(ws, ['keyword', 'list', '--team', team])
  return { code: r.code, stdout: r.stdout, stderr: r.stderr }
}
const line = (text: string) => ({ code: 2, stdout: '', stderr: `lead-signals: ${text}\n` })

describe('a --team that names no team', () => {
  test('a typo gets the team it most likely meant, also in another case', async () => {
    expect(await refused('acme crop')).toEqual(line('no team with id or name "acme crop"; did you mean "acme corp"?'))
    expect(await refused('GLOBEX')).toEqual(line('no team with id or name "GLOBEX"; did you mean "globex"?'))
  }, 60_000)

  test('another name gets the command that lists the teams', async () => {
    expect(await refused('initech')).toEqual(
      line('no team with id or name "initech"; lead-signals team list shows the teams'),
    )
  }, 60_000)
})

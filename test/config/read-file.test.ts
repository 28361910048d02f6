import { afterAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { whyUnreadable } from '../../src/config/read'
import { createWorkspace, runCli } from '../cli/run-cli'

// docs/operations.md#configuration-file: a configuration file that cannot be read stops every command with one line
// that says which source named it (--config, LEAD_SIGNALS_CONFIG or ./lead-signals.toml) and why it cannot be read,
// without its path (logs never carry paths, docs/operations.md#logs).
const ws = createWorkspace()
afterAll(() => ws.cleanup())

async function expectLine(args: string[], line: string, env: Record<string, string> = {}) {
  const r = await runCli(ws, args, { env })
  expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
    code: 2,
    stdout: '',
    stderr: `lead-signals: ${line}\n`,
  })
}

describe('a configuration file that cannot be read', () => {
  test('a file that does not exist: says so', async () => {
    await expectLine(
      ['team', 'list', '--config', 'nope.toml'],
      'config: cannot read the configuration file given by --config: no such file',
    )
    await expectLine(
      ['team', 'list'],
      'config: cannot read the configuration file given by LEAD_SIGNALS_CONFIG: no such file',
      { LEAD_SIGNALS_CONFIG: 'nope.toml' },
    )
  })

  // An unset variable in a compose file (`LEAD_SIGNALS_CONFIG: ${CONFIG}`) arrives empty: "no such file" sent the
  // operator looking for a file, when the variable is what is wrong.
  test('an empty LEAD_SIGNALS_CONFIG or --config: says it is empty', async () => {
    await expectLine(
      ['team', 'list'],
      'config: LEAD_SIGNALS_CONFIG is set but empty: set it to the configuration file, or unset it',
      { LEAD_SIGNALS_CONFIG: '' },
    )
    await expectLine(['team', 'list', '--config', ' '], 'config: --config is empty: give it the configuration file')
  })

  test('a folder where the file should be: says it is a folder', async () => {
    mkdirSync(join(ws.dir, 'conf.d'))
    await expectLine(
      ['team', 'list', '--config', 'conf.d'],
      'config: cannot read the configuration file given by --config: it is a folder, not a file',
    )
  })

  test('./lead-signals.toml that cannot be read is named as such, not as LEAD_SIGNALS_CONFIG', async () => {
    const other = createWorkspace()
    try {
      mkdirSync(join(other.dir, 'lead-signals.toml'))
      const r = await runCli(other, ['team', 'list'])
      expect({ code: r.code, stderr: r.stderr }).toEqual({
        code: 2,
        stderr:
          'lead-signals: config: cannot read the configuration file ./lead-signals.toml: it is a folder, not a file\n',
      })
    } finally {
      other.cleanup()
    }
  })

  // Root reads any file whatever its mode, so a refused read is shown through the reason the error's code gives.
  test('a file this user may not read: says permission is denied', () => {
    const denied = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' })
    expect(whyUnreadable(denied)).toBe('this user may not read it (permission denied)')
  })
})

// A stray ./lead-signals.toml is read without --config: a problem in it named only the key, and someone who did not
// know the file was read had to guess where the key came from. The message names the file that was read (the source
// that named it, as above); a key from the environment keeps its variable.
describe('a problem in the configuration file names the file', () => {
  test('./lead-signals.toml read without --config', async () => {
    const other = createWorkspace()
    try {
      other.file('lead-signals.toml', '[server]\nport = "eighty"\n')
      const r = await runCli(other, ['team', 'list'])
      expect({ code: r.code, stderr: r.stderr }).toEqual({
        code: 2,
        stderr: 'lead-signals: config: server.port (in ./lead-signals.toml): must be a number\n',
      })
      other.file('lead-signals.toml', '[server]\nport = 80\nhots = 1\n')
      const typo = await runCli(other, ['team', 'list'])
      expect(typo.stderr).toBe(
        'lead-signals: config: server.hots (in ./lead-signals.toml): unknown key; did you mean "host"?\n',
      )
      other.file('lead-signals.toml', 'server = []\n')
      const table = await runCli(other, ['team', 'list'])
      expect(table.stderr).toBe('lead-signals: config: server (in ./lead-signals.toml): must be a table ([server])\n')
      other.file('lead-signals.toml', '[server]\nhost = localhost\n')
      const toml = await runCli(other, ['team', 'list'])
      expect(toml.stderr).toBe(
        'lead-signals: config: ./lead-signals.toml is not valid TOML: line 2: a text value must be in quotes\n',
      )
      // The value from the environment is named by its variable, not by the file.
      other.file('lead-signals.toml', '[server]\nport = 80\n')
      const fromEnv = await runCli(other, ['team', 'list'], { env: { LEAD_SIGNALS_SERVER_PORT: 'x' } })
      expect(fromEnv.stderr).toBe(
        'lead-signals: config: server.port (from LEAD_SIGNALS_SERVER_PORT): must be a number\n',
      )
    } finally {
      other.cleanup()
    }
  })

  test('a file given by --config or LEAD_SIGNALS_CONFIG: named by what gave it', async () => {
    ws.file('bad.toml', '[polling]\nlimit = "many"\n')
    await expectLine(
      ['team', 'list', '--config', 'bad.toml'],
      'config: polling.limit (in the file given by --config): must be a number',
    )
    await expectLine(
      ['team', 'list'],
      'config: polling.limit (in the file given by LEAD_SIGNALS_CONFIG): must be a number',
      { LEAD_SIGNALS_CONFIG: 'bad.toml' },
    )
  })
})

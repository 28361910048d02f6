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

// deploy/lead-signals-admin runs a command as the systemd unit runs serve
// (docs/operations.md#commands-beside-the-service). Run under systemd 252 booted in a PID namespace, it created a team
// and a member the running service then served; no systemd runs as PID 1 where these tests run, so here its settings
// are held to the unit's, and what it hands systemd-run is read from a stand-in for systemd-run on PATH.
import { describe, expect, test } from 'bun:test'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dir, '../..')
const SCRIPT = join(ROOT, 'deploy/lead-signals-admin')
const script = readFileSync(SCRIPT, 'utf8')
const unit = readFileSync(join(ROOT, 'deploy/lead-signals.service'), 'utf8')

const unitSetting = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(unit)?.[1]
const scriptProperty = (name: string) => new RegExp(`--property=${name}=(\\S+)`).exec(script)?.[1]

/** Runs the script with `args`, a systemd-run on PATH that writes its arguments one a line and exits `status`. */
function runWith(args: string[], status = 0) {
  const dir = mkdtempSync(join(tmpdir(), 'ls-admin-'))
  try {
    const argsFile = join(dir, 'args')
    writeFileSync(join(dir, 'systemd-run'), `#!/bin/sh\nprintf '%s\\n' "$@" > '${argsFile}'\nexit ${status}\n`)
    chmodSync(join(dir, 'systemd-run'), 0o755)
    const run = Bun.spawnSync(['sh', SCRIPT, ...args], {
      env: { PATH: `${dir}:/usr/bin:/bin` },
      stdin: 'pipe',
      stdout: 'pipe',
      stderr: 'pipe',
    })
    return { exitCode: run.exitCode, argv: readFileSync(argsFile, 'utf8').split('\n').slice(0, -1) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('deploy/lead-signals-admin', () => {
  test('is a shell script sh can parse', () => {
    expect(script.startsWith('#!/bin/sh\n')).toBe(true)
    expect(Bun.spawnSync(['sh', '-n', SCRIPT]).exitCode).toBe(0)
  })

  test('runs as the unit runs serve: its user, state directory, working directory, secrets and umask', () => {
    // DynamicUser names the user after the unit; a transient unit with User= of that name gets the same user.
    expect(scriptProperty('User')).toBe('lead-signals')
    for (const name of ['DynamicUser', 'StateDirectory', 'StateDirectoryMode', 'UMask', 'WorkingDirectory']) {
      expect({ name, value: scriptProperty(name) }).toEqual({ name, value: unitSetting(name) })
    }
    expect(scriptProperty('EnvironmentFile')).toBe(unitSetting('EnvironmentFile'))
    const [executable, , , config] = (unitSetting('ExecStart') ?? '').split(' ')
    expect(script).toContain(`${executable} --config ${config} "$@"`)
  })

  test('hands the command to systemd-run word for word, waits for it and exits with its status', () => {
    const { exitCode, argv } = runWith(['icp', 'add', '--team', 'acme', '--name', 'Small sales teams'], 3)
    expect(exitCode).toBe(3)
    expect(argv.slice(0, 4)).toEqual(['--quiet', '--wait', '--collect', '--pipe'])
    expect(argv.slice(-9)).toEqual([
      '/usr/local/bin/lead-signals',
      '--config',
      '/etc/lead-signals/lead-signals.toml',
      'icp',
      'add',
      '--team',
      'acme',
      '--name',
      'Small sales teams',
    ])
  })
})

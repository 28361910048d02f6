// An option that takes a value given last without one (`team create --plan growth --name`) was refused in Node's
// words, "Option '--name <value>' argument missing", which name neither this command line nor the way to write it.
import { afterAll, describe, expect, test } from 'bun:test'
import { parseFlags } from '../../src/cli/args'
import { createWorkspace, runCli } from './run-cli'

const ws = createWorkspace()
afterAll(() => ws.cleanup())

const refusal = (argv: string[]) => {
  try {
    parseFlags(argv, { name: { type: 'string' }, plan: { type: 'string' }, json: { type: 'boolean' } })
  } catch (e) {
    return (e as Error).message
  }
  return 'taken'
}

describe('an option given without its value', () => {
  test('is refused naming the option and how to write it', () => {
    expect(refusal(['--plan', 'growth', '--name'])).toBe('--name is given without a value: write --name VALUE')
    expect(refusal(['--config'])).toBe('--config is given without a value: write --config FILE')
    expect(refusal(['--name', 'acme', '--plan', 'growth'])).toBe('taken')
  })

  test('in one line of the command, exit status 2', async () => {
    const r = await runCli(ws, ['team', 'create', '--plan', 'growth', '--name'])
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr: 'lead-signals: --name is given without a value: write --name VALUE\n',
    })
  })
})

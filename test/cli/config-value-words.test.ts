import { expect, test } from 'bun:test'
import { parseFlags } from '../../src/cli/args'
import { moveGlobalOptions } from '../../src/cli/global-options'

// docs/operations.md#command-line: --config without its file was said two ways for the one mistake, by where it
// stood: first on the line, "--config needs a file name: --config FILE"; after the command, "--config is given
// without a value: write --config VALUE", a placeholder that hid that it takes a file. A dash value ("--config
// --json") was "needs a file name" before the command and the way to write it after. Now one wording in both places.

const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (e) {
    return (e as Error).message
  }
  return 'taken'
}
const before = (argv: string[]) => refusal(() => moveGlobalOptions(argv))
const after = (argv: string[]) => refusal(() => parseFlags(argv, { json: { type: 'boolean' } }))

test('--config without its file reads the same before the command and after it, naming FILE', () => {
  const missing = '--config is given without a value: write --config FILE'
  expect(before(['--config'])).toBe(missing)
  expect(after(['--config'])).toBe(missing)
  const dash = '--config takes a value, and "--json" starts with "-", which reads as an option: write --config=--json'
  expect(before(['--config', '--json', 'team', 'list'])).toBe(dash)
  expect(after(['--config', '--json'])).toBe(dash)
})

test('another option keeps VALUE', () => {
  expect(refusal(() => parseFlags(['--name'], { name: { type: 'string' } }))).toBe(
    '--name is given without a value: write --name VALUE',
  )
})

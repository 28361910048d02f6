// Issue 33 item 9: a query typed without quotes (`keyword add --team acme crm -hubspot`) was refused with
// "Unknown option 'h'"; the error now says to quote it and gives the command line that works
// (docs/operations.md#command-line).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createWorkspace, ok, runCli } from './run-cli'

const ws = createWorkspace()
beforeAll(() => ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth']))
afterAll(() => ws.cleanup())

describe('an unquoted query', () => {
  test('keyword add with an exclusion outside quotes says to quote it, with the corrected command, and adds nothing', async () => {
    const r = await runCli(ws, ['keyword', 'add', '--team', 'acme', 'crm', '-hubspot'])
    expect(r.code).toBe(2)
    expect(r.stderr).not.toContain('unknown option')
    expect(r.stderr).toContain('"-hubspot"')
    expect(r.stderr).toContain('must be quoted')
    expect(r.stderr).toContain('lead-signals keyword add --team acme "crm -hubspot"')
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(await ok(ws, ['keyword', 'list', '--team', 'acme', '--json'])).toBe('[]\n')
  })

  test('the corrected command it gives works as written', async () => {
    const r = await runCli(ws, ['keyword', 'add', '--team', 'acme', '--config', 'none.toml', 'crm', '-hubspot'])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('lead-signals keyword add --team acme --config none.toml "crm -hubspot"')
    // Two dashes are no exclusion ("crm --hubspot" is no query either): an option keyword add does not take.
    const dashes = await runCli(ws, ['keyword', 'add', '--team', 'acme', 'crm', '--hubspot'])
    expect(dashes.stderr).toContain('unknown option "--hubspot"')
    const fixed = await runCli(ws, ['keyword', 'add', '--team', 'acme', 'crm -hubspot'])
    expect(fixed.code).toBe(0)
    expect(fixed.stdout).toContain('"crm -hubspot"')
  })

  test('keyword remove gives the same advice; an unknown option elsewhere is still an unknown option', async () => {
    const r = await runCli(ws, ['keyword', 'remove', '--team=acme', 'crm', '-hubspot'])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('lead-signals keyword remove --team=acme "crm -hubspot"')
    const other = await runCli(ws, ['team', 'list', '-x'])
    expect(other.code).toBe(2)
    expect(other.stderr).toContain('unknown option "-x"')
  })
})

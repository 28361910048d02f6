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

  test('words that are a query only together (OR, a filter, parentheses) get the same advice, not a refusal of one word', async () => {
    for (const [words, query] of [
      [['crm', 'OR', 'erp'], 'crm OR erp'],
      [['crm', 'site:sales'], 'crm site:sales'],
      [['(crm', 'OR', 'erp)', 'advice'], '(crm OR erp) advice'],
    ]) {
      const r = await runCli(ws, ['keyword', 'add', '--team', 'acme', ...words])
      expect(r.code).toBe(2)
      expect(r.stderr).toContain(`lead-signals keyword add --team acme "${query}"`)
      expect(r.stderr.trim().split('\n')).toHaveLength(1)
    }
    // Nothing was added: not "crm", nor any word on its own (the test before added "crm -hubspot").
    expect(await ok(ws, ['keyword', 'list', '--team', 'acme', '--json'])).toBe('["crm -hubspot"]\n')
    // Words that are each a keyword are still several keywords, and one that is no query alone is still refused.
    const bad = await runCli(ws, ['keyword', 'add', '--team', 'acme', 'crm', 'site:'])
    expect(bad.stderr).toContain('keyword "site:" at character 6: expected a value after site:')
    expect(bad.stderr).not.toContain('quote')
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

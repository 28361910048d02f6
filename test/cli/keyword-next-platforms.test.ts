// docs/operations.md#command-line, docs/queries.md#filters: after `keyword add`, the "Next:" line said `poll --once`
// searches now for any keyword, so "crm platform:substack" on growth (which has no Substack) and "crm platform:reddit"
// on a server without a Reddit app were said to be searched; nothing ever searches them. The console says so
// (test/browser/keyword-platform-note.test.ts); the command line now does too.
import { afterAll, describe, expect, test } from 'bun:test'
import { ok, withTeam } from './run-cli'

const acme = withTeam('acme')
afterAll(() => acme.cleanup())
const nextLine = (out: string) => out.trimEnd().split('\n').at(-1) as string

describe('keyword add on a keyword limited by platform:', () => {
  test('to a platform outside the plan, or one this server cannot search, says nothing searches it and why', async () => {
    const ws = await acme.make()
    expect(nextLine(await ok(ws, ['keyword', 'add', '--team', 'acme', 'crm platform:substack']))).toBe(
      'Next: nothing searches “crm platform:substack” yet: plan growth does not include Substack (lead-signals team set --team acme --plan PLAN gives it one that does).',
    )
    expect(nextLine(await ok(ws, ['keyword', 'add', '--team', 'acme', 'erp platform:reddit']))).toBe(
      'Next: nothing searches “erp platform:reddit” yet: this server is not set up to search Reddit (lead-signals platforms check says what it needs).',
    )
    // A platform on the plan that searches without settings keeps the usual line.
    expect(nextLine(await ok(ws, ['keyword', 'add', '--team', 'acme', 'wms platform:github']))).toStartWith(
      'Next: lead-signals poll --once --team acme searches now;',
    )
    expect(nextLine(await ok(ws, ['keyword', 'add', '--team', 'acme', 'hr tool']))).toStartWith(
      'Next: lead-signals poll --once --team acme searches now;',
    )
  })
})

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

// docs/streams.md: a platform `serve` reads as a stream (Bluesky's Jetstream, by default, needs no account) is not
// searched by its passes: the stream matches each post against the keywords as it arrives. "crm platform:bluesky" was
// said to be searched by a running serve "on its schedule", and by poll --once now, which cannot search Bluesky
// without the account its search needs.
describe('keyword add on a keyword limited to a streamed platform', () => {
  test('says the stream matches it, and names poll --once only where the search has the settings it needs', async () => {
    const ws = await acme.make()
    expect(nextLine(await ok(ws, ['keyword', 'add', '--team', 'acme', 'crm platform:bluesky']))).toBe(
      'Next: a running "lead-signals serve" streams Bluesky and matches new posts against it within 15 s.',
    )
    const account = {
      LEAD_SIGNALS_PLATFORMS_BLUESKY_IDENTIFIER: 'acme.bsky.social',
      LEAD_SIGNALS_PLATFORMS_BLUESKY_APP_PASSWORD: 'abcd-efgh-ijkl-mnop',
    }
    expect(nextLine(await ok(ws, ['keyword', 'add', '--team', 'acme', 'erp platform:bluesky'], { env: account }))).toBe(
      'Next: lead-signals poll --once --team acme searches now; a running "lead-signals serve" streams Bluesky and matches new posts against it within 15 s.',
    )
  })
})

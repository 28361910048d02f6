// Issue 33 item 9: the CLI said valibot's words (`--intents Expected ("ACTIVE" | …)`, a platform list cut with "…")
// and refused lower-case intents. It now names the flag, lists every allowed value, and takes intents in any case.
import { afterAll, afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { SEARCH_PLATFORMS } from '../../src/config/platform-names'
import { fakesPerTest } from '../support/fake-upstream'
import { ok, runCli, signalLine, type Workspace, withTeam } from './run-cli'

const INTENTS = 'ACTIVE, COMPETITOR, PAIN, QUESTION, MENTION'
const PRIVATE_OK = { LEAD_SIGNALS_WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' }
const receiver = fakesPerTest()
// Each test on a database of its own holding team acme (test/cli/team.test.ts checks team create).
const withAcme = withTeam('acme')
let ws: Workspace
beforeEach(async () => {
  ws = await withAcme.make()
})
afterEach(() => ws.cleanup())
afterAll(() => withAcme.cleanup())

describe('refusals in words', () => {
  test('a wrong intent or platform names the flag and every allowed value', async () => {
    const cases: [string[], string][] = [
      [
        ['webhook', 'add', '--team', 'acme', '--url', 'http://127.0.0.1:9/h', '--intents', 'ACTIVE,buying'],
        `--intents (item 2) must be one of: ${INTENTS}`,
      ],
      [
        ['webhook', 'add', '--team', 'acme', '--url', 'http://127.0.0.1:9/h', '--platforms', 'reddit,myspace'],
        `--platforms (item 2) must be one of: ${SEARCH_PLATFORMS.join(', ')}`,
      ],
      [['signals', 'export', '--team', 'acme', '--intent', 'buying'], `--intent must be one of: ${INTENTS}`],
    ]
    for (const [args, message] of cases) {
      const r = await runCli(ws, args, { env: PRIVATE_OK })
      expect(r.code).toBe(2)
      expect(r.stderr).toBe(`lead-signals: ${message}\n`)
    }
  })
})

describe('intents in any case', () => {
  test('webhook add --intents active,pain keeps ACTIVE and PAIN', async () => {
    const r = receiver(() => new Response('ok'))
    const args = ['webhook', 'add', '--team', 'acme', '--url', `${r.origin}/h`, '--intents', 'active, Pain', '--json']
    const made = JSON.parse(await ok(ws, args, { env: PRIVATE_OK }))
    expect(made.endpoint.filters.intents).toEqual(['ACTIVE', 'PAIN'])
  })

  test('signals import takes "active", and signals export --intent active finds it', async () => {
    ws.file('in.jsonl', `${signalLine('a1', { intent: 'active' })}\n${signalLine('p1', { intent: 'PAIN' })}\n`)
    await ok(ws, ['signals', 'import', '--team', 'acme', 'in.jsonl'])
    const out = await ok(ws, ['signals', 'export', '--team', 'acme', '--format', 'jsonl', '--intent', 'active'])
    const rows = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(rows.map((s: { intent: string }) => s.intent)).toEqual(['ACTIVE'])
  })
})

// A keyword is 1 to 200 characters, counted once composed (NFC, docs/queries.md#words). The refusal named Unicode NFC
// for any keyword too long, plain ASCII too, which sent an operator looking for a cause that was not there: it names
// the composing only when that changed the length (U+0958, क़, is क and a nukta once composed).
describe('a keyword too long', () => {
  const refusal = async (keyword: string) => {
    const bad = await runCli(ws, ['keyword', 'add', '--team', 'acme', 'crm', keyword])
    expect(bad.code).toBe(2)
    expect(bad.stdout).toBe('')
    return bad.stderr
  }

  test('a plain one is refused in one line that says its length and nothing of NFC', async () => {
    expect(await refusal('a'.repeat(201))).toBe(
      'lead-signals: keyword 2 is 201 characters; keywords are 1 to 200 characters\n',
    )
  })

  test('one that composing takes past 200 characters is refused in one line that says so', async () => {
    expect(await refusal(`${'a'.repeat(199)}\u0958`)).toBe(
      'lead-signals: keyword 2 is 201 characters once composed (Unicode NFC); keywords are 1 to 200 characters\n',
    )
  })
})

import { afterAll, beforeAll, describe, test } from 'bun:test'
import { ACME_COMMANDS } from './acme-commands'
import { expectRejected, seededWorkspace } from './rejected'
import type { Workspace } from './run-cli'

// A configuration that cannot be used stops every command before it reads or writes the database: one seeded database
// for the file, which every case here must leave exactly as it was (expectRejected checks).
let ws: Workspace
beforeAll(async () => {
  ;({ ws } = await seededWorkspace())
  ws.file('bad-config.toml', '[server]\nport = 8080\nbogus = 1\n')
  ws.file('bad-type.toml', '[server]\nport = "eighty"\n')
})
afterAll(() => ws.cleanup())

const EVERY_COMMAND = [
  ...ACME_COMMANDS,
  ['key', 'revoke', '--team', 'acme', 'lsk_x'],
  ['keyword', 'add', '--team', 'acme', 'new'],
  ['keyword', 'remove', '--team', 'acme', 'crm'],
  ['signals', 'import', '--team', 'acme', 'good.jsonl'],
]

describe('bad configuration', () => {
  test.each(EVERY_COMMAND.map((args) => [args.slice(0, 2).join(' '), args] as const))(
    '%s with an unknown key in --config exits 2 naming the key',
    async (_name, args) => {
      await expectRejected(
        ws,
        [...args, '--config', 'bad-config.toml'],
        'config: server.bogus (in the file given by --config): unknown key',
      )
    },
  )

  test('a value of the wrong type is named with its key', async () => {
    await expectRejected(
      ws,
      ['team', 'list', '--config', 'bad-type.toml'],
      /config: server\.port \(in the file given by --config\): /,
    )
  })

  test('an unknown key from the environment is named', async () => {
    await expectRejected(ws, ['team', 'list'], 'LEAD_SIGNALS_SERVER_BOGUS is not a configuration key', {
      env: { LEAD_SIGNALS_SERVER_BOGUS: '1' },
    })
  })

  test('a triage setting it does not know stops poll --once before any work, naming the key', async () => {
    await expectRejected(ws, ['poll', '--once'], 'config: scorer.triage (from LEAD_SIGNALS_SCORER_TRIAGE): ', {
      env: { LEAD_SIGNALS_SCORER_TRIAGE: 'always' },
    })
    await expectRejected(
      ws,
      ['poll', '--once'],
      'config: scorer.triage_min_buyer (from LEAD_SIGNALS_SCORER_TRIAGE_MIN_BUYER): ',
      {
        env: { LEAD_SIGNALS_SCORER_TRIAGE_MIN_BUYER: '2' },
      },
    )
  })

  test('a configuration file that cannot be read is an error that does not print its path', async () => {
    await expectRejected(
      ws,
      ['team', 'list', '--config', 'nope.toml'],
      'cannot read the configuration file given by --config: no such file',
    )
  })
})

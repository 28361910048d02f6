// docs/operations.md#configuration-file: a new user with the executable alone (npm run build, dist/ copied to a server)
// read in --help only that every command takes --config FILE: not which file is read without it, nor where to find the
// settings to write in it; config.example.toml sits in the source, and the poll --once and Sources lines say "set
// these in the config file" without naming one. --help now ends by saying both, the settings as the running server
// serves them (/docs/config.example.toml, src/http/docs/files.ts) and as the executable prints them nowhere else.
import { afterAll, expect, test } from 'bun:test'
import { DOC_FILES } from '../../src/http/docs/files'
import { createWorkspace, runCli } from './run-cli'

const ws = createWorkspace()
afterAll(() => ws.cleanup())

test('--help says which configuration file is read and where every setting is listed', async () => {
  const r = await runCli(ws, ['--help'])
  expect(r.code).toBe(0)
  expect(r.stdout.trimEnd().split('\n').slice(-3)).toEqual([
    'TEAM is a team id or name. Every command accepts --config FILE, before the command or after it.',
    'Configuration: --config FILE, else $LEAD_SIGNALS_CONFIG, else ./lead-signals.toml where the command runs, else',
    'the defaults. Every setting, with its default: config.example.toml, served by serve at /docs/config.example.toml.',
  ])
  // What it names is there: a running server serves the file.
  expect(Object.keys(DOC_FILES)).toContain('config.example.toml')
})

// `webhook add --quiet-hours 22:00-07:00` was refused as '--quiet-hours must be an object', and 25-3 as
// '--quiet-hours.from must be 0 to 23': the schema's words for the API's JSON, not this flag's. The flag's own form
// is now said (docs/destinations.md#managing).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createWorkspace, MANY_PROCESSES_MS, ok, runCli } from './run-cli'

const ws = createWorkspace()
beforeAll(async () => {
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
})
afterAll(() => ws.cleanup())

const FORM = 'lead-signals: --quiet-hours must be FROM-TO, two whole hours from 0 to 23 (22-7: from 22:00 to 07:00)\n'

test(
  'a --quiet-hours not of the form FROM-TO, or with an hour past 23, gets the form',
  async () => {
    for (const hours of ['22:00-07:00', '25-3', '22-24', 'night']) {
      const r = await runCli(ws, [
        'webhook',
        'add',
        '--team',
        'acme',
        '--url',
        'https://example.com/h',
        '--quiet-hours',
        hours,
      ])
      expect({ hours, code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
        hours,
        code: 2,
        stdout: '',
        stderr: FORM,
      })
    }
  },
  MANY_PROCESSES_MS,
)

// A report printed after the warnings of the work behind it comes after them on a terminal or in one file
// (docs/operations.md#logs): log lines are written once per turn of the event loop, and platforms check printed its
// table and its last line in the same turn as its last warning, which then came out below them.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { resolve } from 'node:path'
import { cleanEnv, createWorkspace, type Workspace } from './run-cli'
import { REFUSED_ORIGIN } from '../support/refused'

const MAIN = resolve(import.meta.dir, '../../src/main.ts')
let ws: Workspace
beforeAll(() => {
  ws = createWorkspace()
})
afterAll(() => ws.cleanup())

/** stdout and stderr into one pipe, as `command 2>&1` or a terminal shows them. */
async function together(args: string[]): Promise<string[]> {
  const proc = Bun.spawn(['bash', '-c', 'exec "$@" 2>&1', 'bash', process.execPath, MAIN, ...args], {
    cwd: ws.dir,
    env: {
      ...cleanEnv(),
      LEAD_SIGNALS_DATABASE_URL: ws.dbUrl,
      LEAD_SIGNALS_PLATFORMS_HACKERNEWS_BASE_URL: REFUSED_ORIGIN,
    },
    stdout: 'pipe',
  })
  const out = await new Response(proc.stdout).text()
  await proc.exited
  return out.trimEnd().split('\n')
}

describe('warnings come before the report they led to', () => {
  test('platforms check: the platform_unreachable line, then the table, then the last line', async () => {
    const lines = await together(['platforms', 'check', '--platform', 'hackernews'])
    expect(lines.map((l) => (l.startsWith('{') ? JSON.parse(l).event : l.split(' ')[0]))).toEqual([
      'platform_unreachable',
      'platform',
      'hackernews',
      'no',
    ])
  })
})

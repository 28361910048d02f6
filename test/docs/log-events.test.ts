// docs/operations.md#logs: every event a server logs is in the log table, in words, so that an operator reading a line
// can look up what it means and what to do. Read from the source: an event added without its row fails here.
import { expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dir, '../..')
// `log.warn('event'`, `deps.log.info(\n 'event'`, `log[level]('event'`: the event is the first argument.
const LOGGED = /\blog(?:\.(?:info|warn|error)|\[[^\]]+\])\(\s*'([a-z_]+)'/g

const sources = readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.tsx?$/.test(f))
  .map((f) => readFileSync(join(ROOT, 'src', f), 'utf8'))

test('every event the code logs is a row of the log table in docs/operations.md', () => {
  const events = new Set(sources.flatMap((text) => [...text.matchAll(LOGGED)].map((m) => m[1] as string)))
  // The reading itself is checked: events of the server, a job, a platform, a stream and a destination.
  for (const known of [
    'shutdown_complete',
    'job_failed',
    'platform_unreachable',
    'stream_recovered',
    'webhook_attempt',
  ])
    expect(events).toContain(known)
  const rows = readFileSync(join(ROOT, 'docs/operations.md'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .join('\n')
  expect([...events].filter((e) => !rows.includes(`\`${e}\``)).sort()).toEqual([])
})

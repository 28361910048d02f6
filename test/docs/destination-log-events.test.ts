// docs/operations.md#logs lists the events a server logs, so that an operator can tell from the log what a destination
// is doing: each attempt, a digest queued, a destination disabled or unsubscribed, Discord's global limit. An event
// the delivery code logs and the table leaves out is one the operator cannot look up.
import { expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dir, '../..')
const WEBHOOKS = join(ROOT, 'src/domain/webhooks')
const SOURCES = [...readdirSync(WEBHOOKS).map((f) => join(WEBHOOKS, f)), join(ROOT, 'src/jobs/webhook-delivery.ts')]
const LOGGED = /log(?:\.(?:info|warn|error)|\[[^\]]+\])\(\s*'([a-z_]+)'/g

test("every event the destinations' code logs is in the log table of docs/operations.md", () => {
  const events = new Set(SOURCES.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(LOGGED)].map((m) => m[1])))
  expect([...events]).toContain('webhook_attempt')
  // serve's check of the SMTP server at start (docs/destinations.md#checking), among the lines of other jobs.
  if (readFileSync(join(ROOT, 'src/cli/serve.ts'), 'utf8').includes("('email_check'")) events.add('email_check')
  const rows = readFileSync(join(ROOT, 'docs/operations.md'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .join('\n')
  expect([...events].filter((e) => !rows.includes(`\`${e}\``)).sort()).toEqual([])
})

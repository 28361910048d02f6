import { expect } from 'bun:test'
import { createWorkspace, dump, ok, runCli, type Workspace } from './run-cli'

// What errors.test.ts and config-errors.test.ts share: a seeded database that every refused command must leave
// exactly as it was, and the check that it did.

/**
 * A workspace with the team acme (growth), its keywords crm and leads, the profile Founders and one imported signal.
 */
export async function seededWorkspace(): Promise<{ ws: Workspace; teamId: string }> {
  const ws = createWorkspace()
  const teamId = JSON.parse(await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth', '--json'])).id
  await ok(ws, ['keyword', 'add', '--team', 'acme', 'crm', 'leads'])
  await ok(ws, ['icp', 'add', '--team', 'acme', '--name', 'Founders', '--description', 'SaaS founders'])
  ws.file(
    'good.jsonl',
    JSON.stringify({
      author: 'a',
      platform: 'reddit',
      intent: 'ACTIVE',
      score: 8,
      reason: 'r',
      content: 'looking for a crm',
      url: 'https://example.com/1',
      keyword: 'crm',
      publishedAt: '2026-10-01T00:00:00Z',
    }) + '\n',
  )
  await ok(ws, ['signals', 'import', '--team', 'acme', 'good.jsonl'])
  return { ws, teamId }
}

/** The command fails with exit status 2, one line on stderr naming the problem, nothing on stdout, no change. */
export async function expectRejected(
  ws: Workspace,
  args: string[],
  message: string | RegExp,
  opts: { env?: Record<string, string>; code?: number } = {},
) {
  const before = await dump(ws)
  const r = await runCli(ws, args, { env: opts.env })
  expect(r.code).toBe(opts.code ?? 2)
  expect(r.stdout).toBe('')
  const lines = r.stderr.trimEnd().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toStartWith('lead-signals: ')
  if (typeof message === 'string') expect(lines[0]).toContain(message)
  else expect(lines[0]).toMatch(message)
  expect(r.stderr).not.toContain(ws.dir)
  expect(r.stderr).not.toMatch(/\bat .*:\d+:\d+/)
  expect(await dump(ws)).toEqual(before)
}

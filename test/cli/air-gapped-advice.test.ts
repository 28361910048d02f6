// docs/streams.md#turning-a-stream-off: on a site without internet access, poll --once and platforms check said to
// point base_url at a mirror. Done, poll --once found leads there, but serve never did for Hacker News, Stack
// Overflow and dev.to: it streams them from stream_url instead of searching them, so the line names those too.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createWorkspace, ok, runCli, type Workspace } from './run-cli'
import { REFUSED_ORIGIN } from '../support/refused'

const BASE =
  'no platform answered: check that this machine can reach them (a firewall, a proxy, no internet access); a site without internet access points base_url at a mirror (docs/platforms.md)'
const STREAMED =
  '; serve streams hackernews instead of searching it: point its stream_url at a mirror too, or set mode = "search" (docs/streams.md#turning-a-stream-off)'

let ws: Workspace
const config = (mode: string) => {
  const toml = ['[plans.poller]', 'monthly_requests = 100', 'platforms = ["hackernews", "github"]']
  toml.push('[platforms.hackernews]', `base_url = "${REFUSED_ORIGIN}"`, `mode = "${mode}"`)
  toml.push('[platforms.github]', `base_url = "${REFUSED_ORIGIN}"`)
  return ['--config', ws.file(`${mode}.toml`, toml.join('\n'))]
}
beforeAll(async () => {
  ws = createWorkspace()
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'poller', ...config('search')])
  await ok(ws, ['keyword', 'add', '--team', 'acme', 'crm', ...config('search')])
})
afterAll(() => ws.cleanup())

describe('no platform answered', () => {
  test.each([
    ['stream', `${BASE}${STREAMED}`],
    ['search', BASE],
  ])('hackernews in mode %s: poll --once and platforms check end on the same line', async (mode, line) => {
    const poll = await runCli(ws, ['poll', '--once', ...config(mode)])
    expect(poll.code).toBe(1)
    expect(
      poll.stdout
        .trimEnd()
        .split('\n')
        .filter((l) => l.startsWith('no platform answered')),
    ).toEqual([line])
    const check = await runCli(ws, ['platforms', 'check', '--platform', 'hackernews', ...config(mode)])
    expect(check.stdout.trimEnd().split('\n').at(-1)).toBe(line)
  })
})

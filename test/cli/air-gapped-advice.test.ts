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

// docs/platforms.md#checking-the-platforms: Bluesky's stream needs no account while its search does. platforms check's
// closing line named it and its stream_url; poll --once's, for a team whose plan holds Bluesky, said only what the
// searched platforms need, so the first-hour advice differed with the command run.
describe('no platform answered, Bluesky in the plan without an account', () => {
  const keyless = ['devto', 'github', 'hackernews', 'medium', 'news', 'stackoverflow', 'substack']
  const offline = () => {
    const toml = [
      '[plans.everything]',
      'monthly_requests = 100',
      // news is a source, searched by platforms check, not a plan's platform.
      `platforms = ${JSON.stringify([...keyless.filter((p) => p !== 'news'), 'bluesky'])}`,
    ]
    for (const p of keyless) toml.push(`[platforms.${p}]`, `base_url = "${REFUSED_ORIGIN}"`)
    return ['--config', ws.file('bluesky.toml', toml.join('\n'))]
  }

  test('poll --once ends on the line platforms check ends on, naming bluesky and its stream_url', async () => {
    await ok(ws, ['team', 'create', '--name', 'everyone', '--plan', 'everything', ...offline()])
    await ok(ws, ['keyword', 'add', '--team', 'everyone', 'crm', ...offline()])
    const poll = await runCli(ws, ['poll', '--once', '--team', 'everyone', ...offline()])
    const line = poll.stdout
      .trimEnd()
      .split('\n')
      .filter((l) => l.startsWith('no platform answered'))
    const check = await runCli(ws, ['platforms', 'check', ...offline()])
    expect(line).toEqual([check.stdout.trimEnd().split('\n').at(-1) as string])
    expect(line[0]).toContain('serve also streams bluesky')
  }, 120_000)
})

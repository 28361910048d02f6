import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { createWorkspace, runCli, type Workspace } from './run-cli'

// docs/platforms.md#checking-the-platforms: on a default install Bluesky is streamed from Jetstream without an account
// (docs/streams.md), while its search needs identifier and app_password. Where nothing could be reached, the check said
// only that Bluesky was "not configured: needs identifier, app_password", and its closing advice named the other
// streams' stream_url but not Bluesky's: a new user set an app password, and serve's Bluesky stream still failed.
let ws: Workspace
let offline: string[]
beforeEach(() => {
  ws = createWorkspace()
  // Nothing listens on port 9: the keyless platforms' searches cannot be reached; Bluesky keeps its defaults.
  const keyless = ['hackernews', 'medium', 'substack', 'github', 'devto', 'news', 'stackoverflow']
  offline = [
    '--config',
    ws.file('offline.toml', keyless.flatMap((p) => [`[platforms.${p}]`, 'base_url = "http://127.0.0.1:9"']).join('\n')),
  ]
})
afterEach(() => ws.cleanup())

type Row = { platform: string; status: string; detail: string }
const row = (stdout: string, platform: string) =>
  (JSON.parse(stdout).platforms as Row[]).find((r) => r.platform === platform)

describe('platforms check on a default install that reaches nothing', () => {
  test("Bluesky's row says its stream needs no account and was not tried, and the closing advice names its stream_url", async () => {
    const r = await runCli(ws, ['platforms', 'check', ...offline])
    const bluesky = r.stdout.split('\n').find((l) => l.startsWith('bluesky'))
    expect(bluesky).toContain('not configured')
    expect(bluesky).toContain('needs identifier, app_password')
    expect(bluesky).toContain('serve streams bluesky from wss://jetstream')
    expect(bluesky).toContain('without them; this check tries searches only')
    const advice = r.stdout.trim().split('\n').at(-1)
    expect(advice).toStartWith('no platform answered')
    expect(advice).toContain('bluesky')
    expect(advice).toContain('stream_url')
  }, 60_000)

  test('--platform keeps to the platform asked for: the row is the same, the advice names no other', async () => {
    const all = await runCli(ws, ['platforms', 'check', '--json', ...offline])
    const one = await runCli(ws, ['platforms', 'check', '--json', '--platform', 'bluesky', ...offline])
    expect(row(one.stdout, 'bluesky')).toEqual(row(all.stdout, 'bluesky') as Row)
    const hackernews = await runCli(ws, ['platforms', 'check', '--platform', 'hackernews', ...offline])
    expect(hackernews.stdout).toContain('no platform answered')
    expect(hackernews.stdout).not.toContain('bluesky')
  }, 60_000)
})

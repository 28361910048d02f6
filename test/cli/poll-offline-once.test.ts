// docs/operations.md#when-a-pass-finds-nothing: `poll --once` on a machine without internet access, several
// platforms whose names do not resolve. Each platform's failure was said in full on stderr (the platform_unreachable
// log line, which the docs promise: #logs), again in full under the table, each with the same advice ("check … for a
// typo, a name only another network knows, or a public name on a machine without internet access") and a pointer to
// log lines that said nothing more, then once more as the network advice: about 20 long lines saying one thing.
// The report now says each failure once, in one short line (the name and the setting), and the advice once.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createWorkspace, ok, runCli, type Workspace } from './run-cli'

// .invalid never resolves (RFC 6761): a machine's resolver answers for it as for any public name offline.
const HOSTS = { devto: 'dev.nowhere.invalid', github: 'gh.nowhere.invalid', hackernews: 'hn.nowhere.invalid' }
const TAIL = 'a name only another network knows'

let ws: Workspace
let config: string[]
beforeAll(async () => {
  ws = createWorkspace()
  const toml = ['[plans.poller]', 'monthly_requests = 100', `platforms = ${JSON.stringify(Object.keys(HOSTS))}`]
  // Searched by the pass, not streamed (docs/streams.md#turning-a-stream-off); github has no stream.
  for (const [p, host] of Object.entries(HOSTS))
    toml.push(`[platforms.${p}]`, `base_url = "http://${host}"`, ...(p === 'github' ? [] : ['mode = "search"']))
  config = ['--config', ws.file('offline.toml', toml.join('\n'))]
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'poller', ...config])
  await ok(ws, ['keyword', 'add', '--team', 'acme', 'crm', ...config])
})
afterAll(() => ws.cleanup())

test('poll --once offline: one short report line per platform, the advice once, the log lines kept', async () => {
  const r = await runCli(ws, ['poll', '--once', ...config])
  expect(r.code).toBe(1)
  const events = r.stderr.split('\n').filter((l) => l.startsWith('{'))
  expect(events.map((l) => JSON.parse(l).event)).toEqual(Array(3).fill('platform_unreachable'))
  const report = r.stdout.split('\n')
  for (const [p, host] of Object.entries(HOSTS)) {
    expect(report.filter((l) => l.includes(host))).toEqual([
      `${p}: its one search failed: the name ${host} does not resolve (platforms.${p}.base_url)`,
    ])
  }
  expect(report.filter((l) => l.includes(TAIL))).toEqual([
    `these names do not resolve here: check the settings above for a typo, ${TAIL}, or a public name on a machine without internet access`,
  ])
  expect(report.filter((l) => l.startsWith('no platform answered'))).toHaveLength(1)
})

// A first poll on a machine without the model server (docs/scoring.md#fallback-and-timeouts): the one scorer_failed
// line of the outage says what the start-up line and `scorer check` say, in their words, not the runtime's.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { fakePlatforms } from '../support/fake-platforms'
import { copiesOf, ok, runCli, type Workspace } from './run-cli'
import { REFUSED_ORIGIN } from '../support/refused'

let ws: Workspace
let world: ReturnType<typeof fakePlatforms>
beforeAll(async () => {
  world = fakePlatforms()
  world.add('hackernews', 'crm', {
    id: '1',
    author: 'dana',
    text: 'Our 12-person sales team lives in spreadsheets. Looking for a CRM, budget approved.',
    at: new Date(Date.now() - 3_600_000).toISOString(),
  })
})
// Each test its own database, so that each scores the post anew: a copy of one where acme tracks "crm", made once.
const acmeTrackingCrm = copiesOf(async (seed) => {
  await ok(seed, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
  await ok(seed, ['keyword', 'add', '--team', 'acme', 'crm'])
})
beforeEach(async () => {
  ws = await acmeTrackingCrm.make()
  ws.file('poll.toml', ['[platforms.hackernews]', `base_url = "${world.origin}"`, 'mode = "search"'].join('\n'))
})
afterEach(() => ws.cleanup())
afterAll(() => {
  world.stop()
  acmeTrackingCrm.cleanup()
})

describe('poll --once with nothing listening at the model server', () => {
  test.each([
    ['ollama', ''],
    ['openai', '/v1'],
  ])('%s: scorer_failed says "no model server at" the address, connection refused', async (backend, path) => {
    const at = `${REFUSED_ORIGIN}${path}`
    const settings: Record<string, string> =
      backend === 'ollama'
        ? { LEAD_SIGNALS_SCORER_OLLAMA_HOST: at }
        : { LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: at, LEAD_SIGNALS_SCORER_OPENAI_MODEL: 'm' }
    const r = await runCli(ws, ['poll', '--once', '--config', 'poll.toml'], {
      env: { LEAD_SIGNALS_SCORER_BACKEND: backend, ...settings },
    })
    expect(r.code).toBe(0)
    const failed = r.stderr.split('\n').filter((l) => l.includes('scorer_failed'))
    expect(failed).toHaveLength(1)
    const line = JSON.parse(failed[0] as string) as { err: string }
    expect(line.err).toBe(`no model server at ${REFUSED_ORIGIN} (connection refused)`)
    expect(r.stdout).toMatch(/^hackernews\s+1\s+1\s+1\s+1\s+0\s+0\s+1\s/m)
    // Under the summary, as a platform that could not be reached gets: the console's words for the state
    // (src/console/scorer-now.ts, UntilItAnswers), with the setting to check and its origin (never its path).
    const setting = backend === 'ollama' ? 'scorer.ollama.host' : 'scorer.openai.base_url'
    expect(r.stdout).toContain(
      `\nthe model server has not been reachable: start it, or check its address in the [scorer] settings (${setting} is ${REFUSED_ORIGIN}); the embedded scorer answered meanwhile (its signals are tagged "embedded scorer") and answers until the model does; lead-signals scorer check says why\n`,
    )
  })

  test('with scorer.fallback = "none": the address to check, and the line that says the mentions wait', async () => {
    const r = await runCli(ws, ['poll', '--once', '--config', 'poll.toml', '--json'], {
      env: {
        LEAD_SIGNALS_SCORER_BACKEND: 'ollama',
        LEAD_SIGNALS_SCORER_OLLAMA_HOST: `${REFUSED_ORIGIN}/some/path`,
        LEAD_SIGNALS_SCORER_FALLBACK: 'none',
      },
    })
    const { advice } = JSON.parse(r.stdout) as { advice: string[] }
    expect(advice).toContain(
      `the model server has not been reachable: start it, or check its address in the [scorer] settings (scorer.ollama.host is ${REFUSED_ORIGIN})`,
    )
    expect(advice.some((l) => l.startsWith('the Ollama model server could not answer, so 1 mention waits'))).toBe(true)
  })
})

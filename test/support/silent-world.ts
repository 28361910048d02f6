import { expect } from 'bun:test'
import type { ConfigInput } from '../../src/config/schema'
import type { Deps } from '../../src/deps'
import type { recordingLogger } from './log'
import { buildDeps } from '../../src/deps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import type { Logger } from '../../src/lib/log'
import { type DeepPartial, seedTeam, testConfig } from './deps'
import { startFakeLibsqlServer } from './fake-libsql-server'
import { fakePlatforms } from './fake-platforms'
import { client } from './http'
import { type LogLine, silentLogger } from './log'
import { eventually } from './stream-world'
import { silentProxy } from './silent-proxy'

const TOKEN = 'tok'
const BUYING = 'We are looking for a CRM to replace our spreadsheets, can anyone recommend one?'

/**
 * A team tracking `crm` on Hacker News (a fake), in a database on a fake libSQL server reached through a silentProxy,
 * with deps on it (`config` on top). `silenceOnSearch()`: from then on each search answers one buying post, and the
 * first one makes the database go silent, so the pass's next call (storing the page) is never answered. `stop` ends
 * everything, the proxy restarted first so that what waits on it ends.
 */
export async function silentWorld(a: { config?: DeepPartial<ConfigInput>; log?: Logger } = {}) {
  const sqld = startFakeLibsqlServer({ authToken: TOKEN })
  const proxy = await silentProxy({ host: '127.0.0.1', port: Number(new URL(sqld.url).port) })
  const platforms = fakePlatforms()
  const config = testConfig({
    database: { url: proxy.url, auth_token: TOKEN },
    plans: { poller: { api_access: true, monthly_requests: 500, platforms: ['hackernews'] } },
    platforms: platforms.platformsConfig,
    ...a.config,
  })
  const deps = await buildDeps(config, { log: a.log ?? silentLogger })
  const { team } = await seedTeam(deps, { name: 'acme', plan: 'poller' })
  await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
  let searched = 0
  return {
    proxy,
    platforms,
    deps,
    token: TOKEN,
    searched: () => searched,
    silenceOnSearch() {
      platforms.fail('hackernews', () => {
        if (++searched === 1) proxy.silence()
        const hit = { objectID: String(searched), author: 'ann', created_at: '2026-11-15T10:00:00.000Z' }
        const post = { ...hit, title: null, story_text: null, comment_text: BUYING, _tags: ['comment'] }
        return Response.json({ hits: [post], nbHits: 1, page: 0, nbPages: 1 })
      })
    },
    stop() {
      proxy.restart()
      deps.database.client.close()
      platforms.stop()
      proxy.stop()
      sqld.stop()
    },
  }
}

/**
 * Checks that `stalled`, the warning that told a job given up on, dates when the database last answered, and that
 * GET /readyz names `job` as stuck since then (docs/operations.md#a-job-that-hangs); answers that time.
 */
export async function expectShownStuck(deps: Deps, job: string, stalled: LogLine | undefined): Promise<string> {
  expect(stalled?.level).toBe('warn')
  const since = String(stalled?.fields.since)
  expect(Number.isNaN(Date.parse(since))).toBe(false)
  const ready = await client(deps)('GET', '/readyz')
  expect(ready.status).toBe(503)
  expect(ready.body).toEqual({
    status: 'not_ready',
    reason: `${job} is stuck: the database has not answered it since ${since}`,
  })
  return since
}

/** Checks that no line names the database's address or token. */
export function expectNoSecrets(lines: LogLine[], token: string) {
  expect(JSON.stringify(lines)).not.toContain(token)
  expect(JSON.stringify(lines)).not.toContain('127.0.0.1')
}

/** Waits until GET /readyz answers 200 again: the database answers, and no job is named stuck any more. */
export const readyAgain = (deps: Deps) =>
  eventually('ready', async () => (await client(deps)('GET', '/readyz')).status === 200, 10_000)

/**
 * In a database's silence: waits for the one warning `event` that tells a job given up on (with `fields`), checks
 * that /readyz names `job` as stuck, then that the tries of the next `quietMs` tell nothing more (no second
 * `event`, no `never` line) and that no line names the database's address or token.
 */
export async function expectStallToldOnce(
  w: { deps: Deps; token: string },
  r: ReturnType<typeof recordingLogger>,
  a: { event: string; fields: Record<string, unknown>; job: string; quietMs: number; never: string },
) {
  await eventually(a.event, () => r.of(a.event).length > 0, 10_000)
  const [stalled] = r.of(a.event)
  expect(stalled?.fields).toMatchObject(a.fields)
  await expectShownStuck(w.deps, a.job, stalled)
  await Bun.sleep(a.quietMs)
  expect(r.of(a.event)).toHaveLength(1)
  expect(r.of(a.never)).toEqual([])
  expectNoSecrets(r.lines, w.token)
}

import type { ConfigInput } from '../../src/config/schema'
import { buildDeps } from '../../src/deps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import type { Logger } from '../../src/lib/log'
import { type DeepPartial, seedTeam, testConfig } from './deps'
import { startFakeLibsqlServer } from './fake-libsql-server'
import { fakePlatforms } from './fake-platforms'
import { silentLogger } from './log'
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

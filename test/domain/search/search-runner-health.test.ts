import { expect, test } from 'bun:test'
import { LibsqlError } from '@libsql/client'
import type { Config } from '../../../src/config/schema'
import { createSearchRunner } from '../../../src/domain/search/search-runner'
import type { Mention } from '../../../src/mention'
import type { PlatformConnector } from '../../../src/platforms/types'
import type { Repos } from '../../../src/storage/repos'
import { manualClock } from '../../support/clock'

// A search the platform answered is not the platform's failure when this server's own database cannot note its
// health (another writer held the lock past the wait): the results are kept, and the platform is not called down.

const mention: Mention = {
  id: 'hackernews:1',
  platform: 'hackernews',
  author: 'ann',
  content: 'looking for a crm',
  url: 'https://news.ycombinator.com/item?id=1',
  date: '2026-11-15T11:00:00.000Z',
  engagement: { likes: 0, comments: 0, shares: 0 },
} as unknown as Mention

test('a database that cannot note a success: the search keeps its results and logs the database, not the platform', async () => {
  const connector = { platform: 'hackernews', search: async () => [mention] } as unknown as PlatformConnector
  const failures: string[] = []
  const health = {
    recordSuccess: async () => {
      throw new LibsqlError('database is locked', 'SQLITE_BUSY')
    },
    recordFailure: async (platform: string) => {
      failures.push(platform)
    },
  } as unknown as Repos['platformHealth']
  const lines: { level: string; event: string }[] = []
  const log = {
    info: (event: string) => lines.push({ level: 'info', event }),
    warn: (event: string) => lines.push({ level: 'warn', event }),
    error: (event: string) => lines.push({ level: 'error', event }),
  }
  const runner = createSearchRunner({
    connectors: new Map([['hackernews', connector]]),
    config: { platforms: {} } as unknown as Pick<Config, 'platforms'>,
    clock: manualClock('2026-11-15T12:00:00.000Z'),
    log,
    health,
    budgets: {} as unknown as Repos['platformBudgets'],
  })

  const found = await runner.search('hackernews', 'crm', 10, async () => {})

  expect(found.map((m) => m.id)).toEqual(['hackernews:1'])
  expect(failures).toEqual([])
  expect(lines).toEqual([{ level: 'warn', event: 'platform_health_not_written' }])
})

import { describe, expect, test } from 'bun:test'
import type { ConfigInput } from '../../../src/config/schema'
import { budgetOf } from '../../../src/domain/budgets/budget'
import { testConfig } from '../../support/deps'

const requestsOf = (platforms: ConfigInput['platforms'], source: 'stackoverflow' | 'reddit' | 'devto' | 'hackernews') =>
  budgetOf(testConfig({ platforms }), source).requests

describe("a stream's requests are set aside from its platform's search budget (docs/streams.md#budgets)", () => {
  test('Stack Overflow: half the budget while it streams, all of it while it is searched', () => {
    expect(requestsOf({ stackoverflow: { mode: 'stream' } }, 'stackoverflow')).toBe(150)
    expect(requestsOf({ stackoverflow: { mode: 'search' } }, 'stackoverflow')).toBe(300)
    expect(requestsOf({ stackoverflow: { mode: 'stream', budget_requests: 10_000 } }, 'stackoverflow')).toBe(8_560)
  })

  test("Reddit's 60 a minute only when its stream can run; DEV's one a minute; Hacker News streams elsewhere", () => {
    const app = { client_id: 'id', client_secret: 'secret', app_id: 'leads', username: 'someone' }
    expect(requestsOf({ reddit: { ...app, mode: 'stream' } }, 'reddit')).toBe(40)
    expect(requestsOf({ reddit: { ...app, mode: 'search' } }, 'reddit')).toBe(100)
    expect(requestsOf({ devto: { mode: 'stream' } }, 'devto')).toBe(10_800 - 60)
    expect(requestsOf({ hackernews: { mode: 'stream' } }, 'hackernews')).toBe(10_000)
  })
})

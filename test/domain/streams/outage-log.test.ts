// A stream that cannot read upstream says so once when the outage begins, reminds at most every 15 minutes, and says
// when it reads again (docs/streams.md#outages): an air-gapped server's log is not a line for every try.
import { describe, expect, test } from 'bun:test'
import { streamHealth } from '../../../src/domain/streams/health'
import { AppError } from '../../../src/errors'
import { createLogger } from '../../../src/lib/log'
import { sendPlatformRequest } from '../../../src/platforms/http'
import { failedAnswer } from '../../../src/platforms/upstream-errors'
import { testDeps } from '../../support/deps'
import { REFUSED_ORIGIN } from '../../support/refused'

describe('a stream outage in the log', () => {
  test('one warning at its start with the network error, a reminder after 15 minutes, one line when it ends', async () => {
    const lines: Record<string, unknown>[] = []
    const { deps, clock } = await testDeps({ now: '2026-12-03T08:00:00.000Z' })
    const log = createLogger((l) => lines.push(JSON.parse(l)))
    const health = streamHealth({ ...deps, log }, 'hackernews')
    const url = new URL(`${REFUSED_ORIGIN}/v0/maxitem.json`)
    const unreachable = await sendPlatformRequest({ platform: 'hackernews', url, timeoutMs: 2000 }).catch((e) => e)

    // Six failed reads over 14 minutes: one line, naming why (the network's error, never the address).
    for (let minute = 0; minute < 14; minute += 2.5) {
      clock.set(new Date(Date.parse('2026-12-03T08:00:00.000Z') + minute * 60_000))
      health.failed(unreachable)
    }
    expect(lines.map((l) => l.event)).toEqual(['stream_read_failed'])
    expect(lines[0]).toMatchObject({ level: 'warn', platform: 'hackernews' })
    // The reason in words, as the platform's health row says it, with the network's own after it: no "Error: "
    // before it and no class name (TypeError) inside.
    expect(String(lines[0].err)).toMatch(/^hackernews could not be reached \(ECONNREFUSED[^()]*\)$/)
    expect(String(lines[0].err)).not.toContain('/v0/maxitem.json')

    clock.set('2026-12-03T08:15:00.000Z')
    health.failed(unreachable)
    clock.set('2026-12-03T08:16:00.000Z')
    health.failed(unreachable)
    expect(lines.slice(1)).toEqual([
      expect.objectContaining({
        event: 'stream_still_failing',
        since: '2026-12-03T08:00:00.000Z',
        failures: 7,
      }),
    ])

    clock.set('2026-12-03T08:17:30.000Z')
    health.heard()
    health.heard()
    expect(lines.slice(2)).toEqual([
      expect.objectContaining({ level: 'info', event: 'stream_recovered', failures: 8, downSeconds: 1050 }),
    ])
    // The source health row still took every failure and the success (docs/streams.md#source-health).
    await Bun.sleep(50)
    const [row] = await deps.repos.platformHealth.list()
    expect(row).toMatchObject({ platform: 'hackernews', lastSuccessAt: '2026-12-03T08:17:30.000Z' })
    expect(row?.lastFailureAt).toBe('2026-12-03T08:16:00.000Z')

    // A new outage is told again.
    health.failed(unreachable)
    expect(lines.at(-1)).toMatchObject({ event: 'stream_read_failed' })
  })

  test('a failure that names its wait (a rate limit, a refused token) is told with that wait, not "up to a minute"', async () => {
    const lines: Record<string, unknown>[] = []
    const { deps } = await testDeps({ now: '2026-12-03T08:00:00.000Z' })
    const health = streamHealth({ ...deps, log: createLogger((l) => lines.push(JSON.parse(l))) }, 'mastodon')
    health.failed(new AppError('upstream_error', 'mastodon refused the access token', { retryAfterSec: 900 }))
    expect(lines).toEqual([expect.objectContaining({ event: 'stream_read_failed', retrying: 'in 900 s' })])
  })

  test("a 503's Retry-After (RFC 9110 §10.2.3) is told as the wait the stream keeps", async () => {
    const lines: Record<string, unknown>[] = []
    const { deps } = await testDeps({ now: '2026-12-03T08:00:00.000Z' })
    const health = streamHealth({ ...deps, log: createLogger((l) => lines.push(JSON.parse(l))) }, 'reddit')
    const down = { status: 503, headers: new Headers({ 'retry-after': '900' }), text: 'maintenance' }
    health.failed(failedAnswer('reddit', down))
    expect(lines).toEqual([expect.objectContaining({ event: 'stream_read_failed', retrying: 'in 900 s' })])
  })
})

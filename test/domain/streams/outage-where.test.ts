// docs/streams.md#outages: the first line of a stream's outage is the one an operator reads on the terminal of a
// server without internet, four of them at start. It said why and that the stream retries, but not where to follow the
// stream, nor that the log then goes quiet until it reads again, so a terminal that stopped printing read as a stream
// that stopped trying.
import { expect, test } from 'bun:test'
import { streamHealth } from '../../../src/domain/streams/health'
import { createLogger } from '../../../src/lib/log'
import { sendPlatformRequest } from '../../../src/platforms/http'
import { testDeps } from '../../support/deps'
import { REFUSED_ORIGIN } from '../../support/refused'

test("an outage's first line says where to follow the stream and what the log says next; the fields stay", async () => {
  const lines: Record<string, unknown>[] = []
  const { deps, clock } = await testDeps({ now: '2026-12-07T09:00:00.000Z' })
  const health = streamHealth({ ...deps, log: createLogger((l) => lines.push(JSON.parse(l))) }, 'hackernews')
  const url = new URL(`${REFUSED_ORIGIN}/v0/maxitem.json`)
  const refused = await sendPlatformRequest({ platform: 'hackernews', url, timeoutMs: 2000 }).catch((e) => e)
  health.failed(refused)
  clock.set('2026-12-07T09:16:00.000Z')
  health.failed(refused)
  expect(lines.map((l) => l.event)).toEqual(['stream_read_failed', 'stream_still_failing'])
  const [first, reminder] = lines as [Record<string, unknown>, Record<string, unknown>]
  // The fields docs/operations.md#logs lists, as they were.
  expect(first).toMatchObject({
    level: 'warn',
    platform: 'hackernews',
    retrying: 'with a growing wait, up to a minute',
  })
  expect(String(first.err)).toStartWith('hackernews could not be reached (ECONNREFUSED')
  expect(first.see).toBe(
    "the console's Sources page or GET /api/v1/platforms; the log says when it reads again, and reminds every 15 minutes",
  )
  // Said once an outage: the reminder is as it was.
  expect(Object.keys(reminder).sort()).toEqual(['err', 'event', 'failures', 'level', 'platform', 'since', 'time'])
})

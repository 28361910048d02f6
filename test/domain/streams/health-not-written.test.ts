// docs/operations.md#logs: a stream whose health cannot be written (the disk full, the database read-only) tries again
// at each read and each retry; the log tells when those writes begin to fail, reminds every 15 minutes and tells when
// one is written again, as it does for the reads (docs/streams.md#outages), rather than a line a write: a serve with
// four streams on a full disk wrote 14 stream_health_not_written error lines in 70 s.
import { expect, test } from 'bun:test'
import { streamHealth } from '../../../src/domain/streams/health'
import { AppError } from '../../../src/errors'
import { testDeps } from '../../support/deps'
import { recordingLogger } from '../../support/log'

const FULL = Object.assign(new Error('SQLITE_FULL: database or disk is full'), { code: 'SQLITE_FULL' })

test('health writes that fail are told once, reminded after 15 minutes, and their end is told', async () => {
  const recorded = recordingLogger()
  const { deps, clock } = await testDeps({ deps: { log: recorded.log } })
  const health = streamHealth(deps, 'hackernews')
  const record = deps.repos.platformHealth.recordFailure.bind(deps.repos.platformHealth)
  let full = true
  let writes = 0
  deps.repos.platformHealth.recordFailure = async (...args) => {
    writes++
    if (full) throw FULL
    return record(...args)
  }
  const failedAndWritten = async (n: number) => {
    health.failed(new AppError('upstream_error', 'hackernews answered 503'))
    while (writes < n) await Bun.sleep(5)
    await Bun.sleep(20)
  }
  for (let i = 1; i <= 5; i++) await failedAndWritten(i)
  clock.set(new Date(clock.now().getTime() + 15 * 60_000))
  await failedAndWritten(6)
  full = false
  await failedAndWritten(7)

  const lines = recorded.lines.filter((l) => l.event.startsWith('stream_health_'))
  expect(lines.map((l) => [l.level, l.event, l.fields.failures])).toEqual([
    ['error', 'stream_health_not_written', undefined],
    ['error', 'stream_health_not_written', 6],
    ['info', 'stream_health_written', 6],
  ])
  expect(lines[1].fields).toMatchObject({ platform: 'hackernews', since: '2026-11-15T12:00:00.000Z' })
  expect(lines[2].fields).toMatchObject({ platform: 'hackernews', downSeconds: 900 })
})

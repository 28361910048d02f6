import { expect, test } from 'bun:test'
import { type BatchItem, createBatchScorer } from '../../../src/domain/scoring/batch'
import { AppError } from '../../../src/errors'
import { createLogger } from '../../../src/lib/log'

// A polling pass's scoring while the libSQL server is down (restarted): each model call reads and writes the stored
// answers (docs/operations.md#several-executables-on-sqld), and each failed on the database. Every post then logged
// its own poll_scoring_failed (68 lines in one pass of a restart), and each was still sent to the model. The database
// failing is told once; the posts not yet asked are left for the next pass, as failed ones are.
const items = (n: number): BatchItem[] =>
  Array.from({ length: n }, (_, i) => ({
    teamId: 'team',
    platform: 'hackernews',
    input: { content: `Can anyone recommend a CRM? (${i})`, keyword: 'crm', icps: [] },
  }))

test('a database that cannot be reached is logged once for the batch, and the rest is not asked', async () => {
  const lines: string[] = []
  let asked = 0
  const batch = createBatchScorer({
    score: async () => {
      asked++
      await Bun.sleep(5)
      // As the query builder throws it: its own error around the client's reason.
      const reason = new AppError(
        'storage_unavailable',
        'database.url: cannot reach the libSQL server at db.example.org:8080 (connection refused)',
      )
      throw Object.assign(new Error('Failed query: select … params: …', { cause: reason }), {
        query: 'select …',
        params: [],
      })
    },
    concurrency: 2,
    log: createLogger((l) => lines.push(l)),
    close: () => {},
  })
  const outcomes = await batch.scoreMany(items(20), new AbortController().signal)
  // The two calls already under way when the first failed are the only ones asked.
  expect(asked).toBe(2)
  expect(outcomes.filter((o) => o === 'failed')).toHaveLength(2)
  expect(outcomes.filter((o) => o === 'skipped')).toHaveLength(18)
  expect(lines.map((l) => JSON.parse(l))).toEqual([
    expect.objectContaining({
      event: 'poll_scoring_failed',
      platform: 'hackernews',
      err: 'database.url: cannot reach the libSQL server at db.example.org:8080 (connection refused)',
      rest: 'the posts not yet scored stay pending for the next pass',
    }),
  ])
  expect(batch.unavailable()).toBe(false)
})

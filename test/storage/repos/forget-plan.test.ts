// docs/people.md#forget: a forget holds the write lock while it removes a person's signals, so it must find them
// through the person index, not by walking every signal of the team (docs/performance.md#what-storing-a-signal-costs).
import { expect, test } from 'bun:test'
import type { Client, InArgs } from '@libsql/client'
import { createForgottenAuthorsRepo } from '../../../src/storage/repos/forgotten-authors'
import { testDeps } from '../../support/deps'

test("a forget finds the person's signals through signals_person_idx, never by walking the team's signals", async () => {
  const { deps } = await testDeps()
  const client = deps.database.client
  // forgotten-authors.ts sends each statement with its arguments, never as a bare string.
  type Sent = { sql: string; args?: InArgs }
  const sent: Sent[] = []
  const recording = {
    // The identities' account ids, read before the forget's transaction.
    execute: (s: Sent) => client.execute(s),
    batch: (stmts: Sent[], mode: 'write') => {
      sent.push(...stmts)
      return client.batch(stmts, mode)
    },
  } as unknown as Client
  const identities = [
    { id: 'per_a', platform: 'reddit', author: 'ann' },
    { id: 'per_b', platform: 'twitter', author: 'ann_b' },
  ]
  // Nobody of that name: nothing is removed, but every statement of a forget is sent and can be explained.
  await createForgottenAuthorsRepo(recording).forget('team_x', 'per_a', identities, '2026-12-07T00:00:00.000Z')
  const reading = sent.filter((s) => /from signals where/.test(s.sql))
  expect(reading.length).toBeGreaterThanOrEqual(3)
  for (const s of reading) {
    const plan = (await client.execute({ sql: `explain query plan ${s.sql}`, args: s.args ?? [] })).rows.map((r) =>
      String(r.detail),
    )
    // A plan does not depend on the values: without statistics SQLite plans from the schema alone.
    const signalSteps = plan.filter((step) => /^(SEARCH|SCAN) signals /.test(step) && !step.includes('(id=?)'))
    expect({ sql: s.sql, steps: signalSteps }).toEqual({
      sql: s.sql,
      steps: [expect.stringMatching(/^SEARCH signals USING INDEX signals_person_idx \(person_id=\?\)$/)],
    })
  }
})

import { describe, expect, test } from 'bun:test'
import { formatSummary, passCounters } from '../../../src/domain/polling/summary'

// docs/operations.md#pass-summary: the table `poll --once` prints.
const at = '2026-11-15T12:00:00.000Z'

describe('the pass summary as poll --once prints it', () => {
  test('a pass that deferred searches says under its table what deferred means; one that did not says nothing', () => {
    const counters = passCounters()
    counters.of('reddit').searches = 2
    const plain = formatSummary(
      counters.summary({ outcome: 'completed', startedAt: at, finishedAt: at, scorerUnavailable: false }),
    )
    expect(plain.split('\n')).toHaveLength(4)
    counters.of('reddit').deferred = 3
    const lines = formatSummary(
      counters.summary({ outcome: 'completed', startedAt: at, finishedAt: at, scorerUnavailable: false }),
    ).split('\n')
    expect(lines[2]?.split(/\s+/)).toEqual(['reddit', '2', '0', '0', '0', '0', '0', '0', '0', '0', '3'])
    expect(lines.at(-1)).toBe(
      'deferred: searches not sent in this pass (the platform asked to wait, failed earlier, or its budget is spent)',
    )
  })
})

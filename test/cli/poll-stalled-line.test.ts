// docs/operations.md#command-line: a failure is one line on stderr, bounded, its control and direction characters
// shown as U+FFFD so a terminal runs nothing. `poll --once`'s line for a pass given up on
// (docs/operations.md#a-pass-that-hangs) printed its message raw; here the message is made long and holds an escape
// sequence and a newline.
import { describe, expect, test } from 'bun:test'
import { stalledLine } from '../../src/cli/poll'
import { PollStalled } from '../../src/jobs/poll-pass'

describe("poll --once's line for a pass given up on", () => {
  test('is one bounded line, with no control characters', () => {
    const since = `2026-12-07T20:00:00.000Z\u001b]0;pwned\u0007\n ${'x'.repeat(5_000)} ${'y '.repeat(2_000)}`
    const line = stalledLine(new PollStalled(since, 5, false))
    expect(line.startsWith('lead-signals: keyword polling is stuck: the database has not answered it since ')).toBe(
      true,
    )
    expect([...line].filter((c) => (c.codePointAt(0) ?? 0) < 0x20 || c === '\u007f')).toEqual([])
    expect(line).toContain('\uFFFD]0;pwned\uFFFD')
    expect(line).toContain(`${'x'.repeat(199)}…`)
    expect(line).not.toContain('x'.repeat(201))
    expect(line.length).toBeLessThanOrEqual('lead-signals: '.length + 1_000)
  })

  test('a short message is shown whole', () => {
    const line = stalledLine(new PollStalled('2026-12-07T20:00:00.000Z', 5, true))
    expect(line).toBe(
      'lead-signals: the database has not answered keyword polling since 2026-12-07T20:00:00.000Z; this pass is skipped',
    )
  })
})

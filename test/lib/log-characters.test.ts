// docs/operations.md#logs: a log line's values can hold what another party wrote: a platform's error message
// (stackoverflow's error_message, a feed's or a provider's answer), a receiver's reply. JSON escapes the C0 control
// characters but not DEL, the C1 controls (U+009B is CSI, which terminals that read C1 controls run: clear the
// screen, retitle the window) or the direction controls (U+202E turns the rest of the line around), so on a terminal
// a log line could run or reorder. They are now written as \uXXXX escapes, in both formats: the JSON line reads back
// as the same value.
import { expect, test } from 'bun:test'
import { createLogger } from '../../src/lib/log'

const ODD = 'stackoverflow answered with error 400 (bad\u009b2J\u009d0;owned\u009c \u202etxt.exe \u007f \u061c\u200f)'

const logged = (format: 'json' | 'human') => {
  const lines: string[] = []
  createLogger((l) => lines.push(l), { format }).warn('poll_search_failed', { platform: 'stackoverflow', why: ODD })
  return lines[0] ?? ''
}

test('DEL, C1 and direction controls in a value are escaped in a human line and in a JSON line', () => {
  for (const format of ['json', 'human'] as const) {
    const line = logged(format)
    expect({ format, raw: /[\u007f-\u009f\p{Bidi_Control}]/u.test(line) }).toEqual({ format, raw: false })
    expect(line).toContain('bad\\u009b2J\\u009d0;owned\\u009c \\u202etxt.exe \\u007f \\u061c\\u200f)')
  }
  expect(JSON.parse(logged('json')).why).toBe(ODD)
})

test('other text, in any script, is written as it is', () => {
  const lines: string[] = []
  createLogger((l) => lines.push(l), { format: 'human' }).warn('x', { why: 'Zürich, 東京, عربي 🚀' })
  expect(lines[0]).toEndWith('why="Zürich, 東京, عربي 🚀"')
})

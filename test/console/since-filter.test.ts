// The Signals page's Since filter as it is sent (src/console/since-day.ts, used by components/signal-filters.tsx). A
// day that does not exist, from an edited or shared address (#/signals?since=2026-02-31), was rolled over by Date into
// 3 March and sent as such: the date box showed nothing, the list was filtered by a day nobody picked. It is now sent
// as written, so the API's refusal is shown in place of the list (docs/console.md#errors), as for any filter the server
// refuses.
import { describe, expect, test } from 'bun:test'
import { localMidnight } from '../../src/console/since-day'

// serverQuery sends the instant, else the text as written.
const sent = (since: string) => localMidnight(since) ?? since

describe('the Since filter as sent', () => {
  test('a real day is its local midnight as an instant', () => {
    expect(sent('2026-11-04')).toBe(new Date(2026, 10, 4).toISOString())
  })

  test('a day that does not exist, or no day, is sent as written, for the API to refuse', () => {
    expect(sent('2026-02-31')).toBe('2026-02-31')
    expect(sent('2026-13-01')).toBe('2026-13-01')
    expect(sent('yesterday')).toBe('yesterday')
  })
})

// docs/destinations.md#quiet-hours: what is held in quiet hours is sent when they end. On the night the clocks go
// back in Berlin (25 October 2026) 02:00 comes twice, at 00:00 and 01:00 UTC; quiet hours to 02:00 end at the first,
// when a signal found is no longer held, so what was held goes then too, not an hour after it.
import { describe, expect, test } from 'bun:test'
import { inQuietHours, quietEnd, type Timing } from '../../../src/domain/webhooks/cadence'

const berlin: Timing = {
  kind: 'webhook',
  cadence: 'instant',
  digestHour: 9,
  timeZone: 'Europe/Berlin',
  quietFrom: 22,
  quietTo: 2,
}

describe('quiet hours that end at an hour the clocks going back repeat', () => {
  test('end at its first occurrence, where a signal stops being held', () => {
    const end = quietEnd(berlin, Date.parse('2026-10-24T23:50:00.000Z'))
    expect(new Date(end).toISOString()).toBe('2026-10-25T00:00:00.000Z')
    expect([inQuietHours(berlin, end - 1), inQuietHours(berlin, end)]).toEqual([true, false])
  })

  test('on other nights, and where the hour is skipped, as before', () => {
    expect(new Date(quietEnd(berlin, Date.parse('2026-10-25T23:50:00.000Z'))).toISOString()).toBe(
      '2026-10-26T01:00:00.000Z',
    )
    // 29 March: 02:00 never comes; the quiet hours end when the clocks skip to 03:00.
    expect(new Date(quietEnd(berlin, Date.parse('2026-03-28T23:50:00.000Z'))).toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    )
  })
})

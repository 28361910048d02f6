import { expect, test } from 'bun:test'
import { refusal } from './refusal'

// TOML has date and time values (`03:00:00`, `2026-01-01`), which no setting takes: written where text or a number is
// expected they are refused with the key's name, as any other wrong type (docs/operations.md#configuration-file).
test('a TOML date or time as a value is refused by its key', () => {
  expect(refusal({ env: {}, fileText: '[polling]\nschedule = 03:00:00\n' })).toBe(
    'config: polling.schedule: must be text',
  )
  expect(refusal({ env: {}, fileText: '[backup]\nkeep = 2026-01-01\n' })).toBe('config: backup.keep: must be a number')
  expect(refusal({ env: {}, fileText: '[server]\ntrusted_proxies = ["10.0.0.1", 2026-01-01T03:00:00Z]\n' })).toBe(
    'config: server.trusted_proxies (item 2): must be text',
  )
})

import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { refusal } from './refusal'

// docs/operations.md#server-settings: a connection is held open at most 255 s while its answer is worked on, and a
// counted call may first wait up to 60 s for units held by calls in flight. A timeout that lets an answer come later
// than that lost the connection without a word; it is refused at start-up instead.
describe('timeouts a request may wait for fit in a connection', () => {
  test('the defaults load, with a scored search too', () => {
    expect(loadConfig({ env: {} }).scorer.timeout_ms).toBe(30_000)
    expect(loadConfig({ env: { LEAD_SIGNALS_API_SEARCH_VARIANT: 'scored' } }).platforms.linkedin.timeout_ms).toBe(
      120_000,
    )
  })

  test('the longest a scoring call may take is taken', () => {
    expect(loadConfig({ env: { LEAD_SIGNALS_SCORER_TIMEOUT_MS: '195000' } }).scorer.timeout_ms).toBe(195_000)
  })

  test('a scorer.timeout_ms past it is refused, naming the setting and the limit', () => {
    const message = refusal({ fileText: '[scorer]\ntimeout_ms = 300000\n', env: {} })
    expect(message).toBe(
      'config: scorer.timeout_ms: at most 195000 (195 s): a request waits up to 60 s for units held by calls in flight, then this, and a connection waits at most 255 s for its answer',
    )
    expect(message).not.toContain('\n')
  })

  test("a platform's timeout_ms past it is refused, naming the platform", () => {
    const message = refusal({ env: { LEAD_SIGNALS_PLATFORMS_HACKERNEWS_TIMEOUT_MS: '240000' } })
    expect(message).toStartWith(
      'config: platforms.hackernews.timeout_ms (from LEAD_SIGNALS_PLATFORMS_HACKERNEWS_TIMEOUT_MS): at most 195000 (195 s)',
    )
  })

  test('in the scored variant a search waits for the platform and then the scorer: both count', () => {
    const env = { LEAD_SIGNALS_SCORER_TIMEOUT_MS: '90000' }
    expect(loadConfig({ env }).scorer.timeout_ms).toBe(90_000)
    const message = refusal({ env: { ...env, LEAD_SIGNALS_API_SEARCH_VARIANT: 'scored' } })
    expect(message).toStartWith(
      'config: platforms.linkedin.timeout_ms: at most 105000 (105 s) with scorer.timeout_ms 90000 in the scored variant',
    )
  })
})

// The Sources page's Reading column (src/console/pages/sources.tsx, docs/streams.md#source-health).
import { describe, expect, test } from 'bun:test'
import { reading } from '../../src/console/source-reading'

const bluesky = (
  gap: { note: string; at: string | null } | null,
  queueBound: { since: string; note: string } | null = null,
) =>
  ({
    platform: 'bluesky',
    configured: true,
    missingSettings: [],
    position: '1796292420000000/did:plc:abc,did:plc:def',
    stream: {
      lagSeconds: 2,
      readLastHour: 180_000,
      matchedLastHour: 40,
      heardAt: null,
      gap,
      positionAt: '2026-12-05T02:58:00.000Z',
      queueBound,
    },
  }) as unknown as Parameters<typeof reading>[0]

describe("a stream's reading on the Sources page", () => {
  test('a gap says when it happened: one from last month is not read as news', () => {
    const now = Date.parse('2026-12-05T03:00:00.000Z')
    const text = reading(
      bluesky({ note: 'Jetstream resumed 3600 s after the stored cursor', at: '2026-12-05T01:00:00.000Z' }),
      now,
    )
    expect(text).toContain('gap 2 h ago: Jetstream resumed 3600 s after the stored cursor')
    expect(reading(bluesky(null), now)).not.toContain('gap')
  })

  // A Jetstream cursor is microseconds and the DIDs of that microsecond read: internals, not something to read.
  test('says when the stored posts were published, not the raw position', () => {
    const now = Date.parse('2026-12-05T03:00:00.000Z')
    const text = reading(bluesky(null), now)
    expect(text).toContain('stored up to posts of 2 min ago')
    expect(text).not.toContain('did:')
    expect(text).not.toContain('1796292420000000')
  })

  // docs/streams.md#backpressure: past the polling queue's bound the embedded scorer scores the team's leads; the log
  // said so and the Sources page did not.
  test('says while the model is behind and the embedded scorer scores the leads, and since when', () => {
    const now = Date.parse('2026-12-05T03:00:00.000Z')
    const note = 'the ollama scorer is behind the stream: leads past them are scored by the embedded scorer (rules)'
    const text = reading(bluesky(null, { since: '2026-12-05T02:40:00.000Z', note }), now)
    expect(text).toContain(`model behind since 20 min ago: ${note}`)
    expect(reading(bluesky(null), now)).not.toContain('model behind')
  })
})

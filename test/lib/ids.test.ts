import { describe, expect, test } from 'bun:test'
import { newId } from '../../src/lib/ids'

describe('newId', () => {
  test('a prefix and 16 characters of base64url: 12 random bytes', () => {
    for (let i = 0; i < 1000; i++) expect(newId('sig')).toMatch(/^sig_[A-Za-z0-9_-]{16}$/)
  })

  test('ids drawn from blocks of random bytes never repeat, across many blocks', () => {
    const ids = new Set<string>()
    for (let i = 0; i < 100_000; i++) ids.add(newId('x'))
    expect(ids.size).toBe(100_000)
  })

  test('the bytes read back from the ids are spread as random bytes are (no zeroed or stale block)', () => {
    const counts = new Array(256).fill(0)
    const n = 20_000
    for (let i = 0; i < n; i++) for (const b of Buffer.from(newId('x').slice(2), 'base64url')) counts[b]++
    // 240,000 bytes: each value about 937 times; a repeated or zeroed block would skew this.
    const expected = (n * 12) / 256
    for (const c of counts) expect(Math.abs(c - expected)).toBeLessThan(expected * 0.2)
  })
})

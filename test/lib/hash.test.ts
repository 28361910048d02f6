// Stored key hashes were written with node:crypto's createHash: the one-shot hash must give the same digests.
import { describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { sha256Hex } from '../../src/lib/hash'

describe('sha256Hex', () => {
  test("gives SHA-256's known digests and node:crypto's, on ASCII and on any Unicode text", () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    const texts = [
      'lsk_bUvcQLpJ6_Yja6GtjdhX27SbqYxMjf3EX-6IbfL1la4',
      'é✓ 🧪 日本語',
      '\u0000\uffff',
      'x'.repeat(10_000),
    ]
    for (let i = 0; i < 200; i++)
      texts.push(
        String.fromCodePoint(
          ...Array.from({ length: i % 40 }, (_, j) => (i * 7919 + j * 104729) % 0x10ffff).filter(
            (c) => c < 0xd800 || c > 0xdfff,
          ),
        ),
      )
    for (const t of texts) expect(sha256Hex(t)).toBe(createHash('sha256').update(t).digest('hex'))
  })
})

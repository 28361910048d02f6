// Test inputs that are the same on every run.

/** mulberry32: numbers in [0, 1), the same sequence for a seed on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), a | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * `count` texts of `least` to `most` - 1 pieces drawn from `pieces`, each text joined by one of `joins`: posts made of
 * the very pieces a matcher looks for, in every order.
 */
export function piecedTexts(
  seed: number,
  pieces: readonly string[],
  a: { count: number; least: number; most: number; joins: readonly string[] },
): string[] {
  const next = seeded(seed)
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T
  return Array.from({ length: a.count }, () => {
    const n = a.least + Math.floor(next() * (a.most - a.least))
    return Array.from({ length: n }, () => pick(pieces)).join(pick(a.joins))
  })
}

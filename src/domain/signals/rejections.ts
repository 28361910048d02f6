export type Rejection = { line: number; message: string }

// docs/operations.md#importing-signals: rejected lines kept and listed, the rest counted. A file that is not the export
// (a log, a long CSV, a binary) is a rejection a line: holding each took some 130 bytes, so a 10 MB file of short
// lines took 650 MB, and a listing of millions of lines helps no one read what is wrong.
export const REJECTIONS_KEPT = 1000

/**
 * The rejected lines of an import's first pass, in line order: the first REJECTIONS_KEPT with their message, every
 * one's number (four bytes each), so the second pass can tell, line by line, that it meets the same ones.
 */
export function rejectionLog() {
  const kept: Rejection[] = []
  let numbers = new Uint32Array(1024)
  let count = 0
  let next = 0
  return {
    kept,
    get count() {
      return count
    },
    add(line: number, message: string) {
      if (kept.length < REJECTIONS_KEPT) kept.push({ line, message })
      if (count === numbers.length) {
        const grown = new Uint32Array(numbers.length * 2)
        grown.set(numbers)
        numbers = grown
      }
      numbers[count++] = line
    },
    /** Whether `line` was rejected; asked of each line in order, once. */
    wasRejected(line: number): boolean {
      if (next >= count || numbers[next] !== line) return false
      next++
      return true
    },
  }
}

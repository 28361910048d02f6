// Writes that leave remembered key lookups true (docs/performance.md#quiet-writes): a commit made only of these
// keeps the commit watch's epoch. Declared by their repos, by their exact SQL text.
const declared = new Set<string>()

/**
 * Declares that `sql` changes nothing a remembered key lookup holds, or only its team's counters, which the repo that
 * runs it then hands to the keys repo; returns `sql`.
 */
export function quietWrite(sql: string): string {
  declared.add(sql)
  return sql
}

export const isQuietWrite = (sql: string) => declared.has(sql)

// SQLite's result codes by number (https://sqlite.org/rescode.html). The libsql engine names only the codes it knows
// and reports the others as `UNKNOWN_SQLITE_ERROR_<n>` (SQLITE_READONLY_DIRECTORY, 1544, is one), so the number is
// read instead: its low byte is the primary code, which storage/failure.ts turns into words for the operator.
const PRIMARY: Record<number, string> = {
  1: 'SQLITE_ERROR',
  2: 'SQLITE_INTERNAL',
  3: 'SQLITE_PERM',
  4: 'SQLITE_ABORT',
  5: 'SQLITE_BUSY',
  6: 'SQLITE_LOCKED',
  7: 'SQLITE_NOMEM',
  8: 'SQLITE_READONLY',
  9: 'SQLITE_INTERRUPT',
  10: 'SQLITE_IOERR',
  11: 'SQLITE_CORRUPT',
  12: 'SQLITE_NOTFOUND',
  13: 'SQLITE_FULL',
  14: 'SQLITE_CANTOPEN',
  15: 'SQLITE_PROTOCOL',
  17: 'SQLITE_SCHEMA',
  18: 'SQLITE_TOOBIG',
  19: 'SQLITE_CONSTRAINT',
  20: 'SQLITE_MISMATCH',
  21: 'SQLITE_MISUSE',
  23: 'SQLITE_AUTH',
  25: 'SQLITE_RANGE',
  26: 'SQLITE_NOTADB',
}
// The extended codes an operator can act on that the engine leaves unnamed.
const EXTENDED: Record<number, string> = { 1544: 'SQLITE_READONLY_DIRECTORY' }

/** The code's name (`SQLITE_READONLY_DIRECTORY`), or its primary code's (`SQLITE_IOERR`), or undefined. */
export function sqliteCodeName(rawCode: number): string | undefined {
  return EXTENDED[rawCode] ?? PRIMARY[rawCode & 0xff]
}

import type { InArgs, InValue, ResultSet, Row } from '@libsql/client'
import { LibsqlError } from '@libsql/core/api'
import { sqliteCodeName } from './sqlite-codes'

// Conversions between @libsql/client's shapes (arguments, result sets, errors) and the libsql engine's, for
// local-client.ts.

export function toSqlArgs(args: InArgs | undefined): unknown[] | Record<string, unknown> {
  if (args === undefined) return []
  if (Array.isArray(args)) return args.map(toSqlValue)
  const named: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(args)) named[/^[@$:]/.test(k) ? k.slice(1) : k] = toSqlValue(v)
  return named
}

function toSqlValue(value: InValue | undefined): unknown {
  if (value === undefined) throw new TypeError('undefined cannot be passed as argument to the database')
  if (typeof value === 'boolean') return value ? 1 : 0
  if (value instanceof Date) return value.valueOf()
  if (value instanceof ArrayBuffer) return Buffer.from(value)
  return value
}

export function resultSet(
  columns: string[],
  rows: Row[],
  rowsAffected: number,
  lastInsertRowid: bigint | undefined,
): ResultSet {
  return {
    columns,
    columnTypes: columns.map(() => ''),
    rows,
    rowsAffected,
    lastInsertRowid,
    toJSON: () => ({
      columns,
      rows: rows.map((r) => Array.from(r as ArrayLike<unknown>)),
      rowsAffected,
      lastInsertRowid: lastInsertRowid?.toString(),
    }),
  }
}

export function asLibsqlError(e: unknown): unknown {
  if (e instanceof LibsqlError || !(e instanceof Error)) return e
  // SQLite's extended codes extend the base one: SQLITE_CONSTRAINT_UNIQUE → SQLITE_CONSTRAINT.
  const { code, rawCode } = e as { code?: string; rawCode?: number }
  const named = code?.startsWith('SQLITE_') ? code : typeof rawCode === 'number' ? sqliteCodeName(rawCode) : undefined
  const extended = named ?? code ?? 'SQLITE_ERROR'
  const base = /^SQLITE_[A-Z]+/.exec(extended)?.[0] ?? extended
  return new LibsqlError(e.message, base, extended, rawCode, e)
}

/**
 * The engine's failure to open a file carries no code, only its number at the end of its message
 * (`ConnectionFailed("Unable to open connection to local database …: 14")`): as the LibsqlError of that code
 * (SQLITE_CANTOPEN), so storage/failure.ts can say why in words, as it does for a failed statement.
 */
export function asOpenError(e: unknown): unknown {
  if (!(e instanceof Error)) return e
  const raw = /^ConnectionFailed\(".*: (\d+)"\)$/s.exec(e.message)?.[1]
  return raw === undefined ? e : asLibsqlError(Object.assign(e, { rawCode: Number(raw) }))
}

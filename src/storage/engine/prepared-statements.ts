import type { InArgs, InStatement, ResultSet, Row } from '@libsql/client'
import type Database from 'libsql'
import { asLibsqlError, resultSet, toSqlArgs } from './local-values'

// The statements of local-client.ts, prepared once per SQL text and kept: the stock file client prepares each one
// again and builds every row with property descriptors, where a keyed lookup spent most of its time
// (docs/architecture.md#performance). Kept apart from the connection's locking and transactions, which do not need it.

type Statement = ReturnType<InstanceType<typeof Database>['prepare']>
type Prepared = { stmt: Statement; columns: string[] | null }

// Enough for every distinct statement the service runs; a bound keeps ad-hoc SQL from growing it forever.
const STATEMENTS_KEPT = 500

/** Runs statements on `db`, each prepared on its first run and kept; `clear` lets them go before the close. */
export function createPreparedStatements(db: InstanceType<typeof Database>) {
  const statements = new Map<string, Prepared>()

  const prepared = (sql: string): Prepared => {
    let p = statements.get(sql)
    if (!p) {
      const stmt = db.prepare(sql)
      const columns = stmt.reader
        ? stmt
            .raw(true)
            .columns()
            .map((c) => c.name)
        : null
      p = { stmt, columns }
      if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value as string)
      statements.set(sql, p)
    }
    return p
  }

  const run = (input: InStatement | string, inArgs?: InArgs): ResultSet => {
    const sql = typeof input === 'string' ? input : input.sql
    const args = toSqlArgs(typeof input === 'string' ? inArgs : input.args)
    try {
      const { stmt, columns } = prepared(sql)
      if (!columns) {
        const info = stmt.run(args)
        return resultSet([], [], info.changes, BigInt(info.lastInsertRowid))
      }
      const rows = stmt.all(args) as unknown as Row[]
      // Rows stay arrays (what drizzle's typed queries read) and gain their column names for raw SQL callers.
      for (const row of rows)
        for (let i = 0; i < columns.length; i++) (row as Record<string, unknown>)[columns[i]] = row[i]
      return resultSet(columns, rows, 0, undefined)
    } catch (e) {
      throw asLibsqlError(e)
    }
  }

  return { run, clear: () => statements.clear() }
}

import { AppError } from '../../errors'
import { databaseDamaged, storageFailure } from '../../storage/failure'

/**
 * A database that refuses writes (read-only, disk full, locked too long, unreachable) as `storage_unavailable`: the
 * operator's to fix, not a bug, so 503 and nothing charged (docs/api.md#error-codes). Undefined for other errors.
 */
export function storageUnavailable(error: unknown): AppError | undefined {
  // Not a fault of the server's code either: the operator's, with a backup (docs/operations.md#a-damaged-database).
  if (databaseDamaged(error))
    return new AppError(
      'storage_unavailable',
      'the database cannot be read: its file is damaged or is not a SQLite database (the operator restores it from a backup)',
    )
  const why = storageFailure(error)
  return why ? new AppError('storage_unavailable', `the database cannot be written right now: ${why}`) : undefined
}

// For a server that exits without closing its database (cli/serve.ts).
export { copyLogBack } from '../../storage/log-copy'

import { AppError } from '../../errors'
import { storageFailure } from '../../storage/failure'

/**
 * A database that refuses writes (read-only, disk full, locked too long, unreachable) as `storage_unavailable`: the
 * operator's to fix, not a bug, so 503 and nothing charged (docs/api.md#error-codes). Undefined for other errors.
 */
export function storageUnavailable(error: unknown): AppError | undefined {
  const why = storageFailure(error)
  return why ? new AppError('storage_unavailable', `the database cannot be written right now: ${why}`) : undefined
}

import type { Deps } from '../deps'
import { newerSchemas } from '../domain/health/readiness'
import { caseTwinNotesOf } from '../domain/teams/teams'

/**
 * After a rollback by mistake, one server alone would otherwise say it only on /readyz (docs/operations.md#upgrades).
 */
export async function warnIfNewer(deps: Deps) {
  const schemas = await newerSchemas(deps).catch(() => undefined)
  if (schemas)
    deps.log.warn('database_newer', {
      message: `the database was migrated by a newer version of lead-signals (${schemas}): this one keeps serving beside it, but /readyz answers 503; run that version, or restore the backup taken before the upgrade (docs/operations.md#upgrades)`,
    })
}

/**
 * Teams an earlier version let be named alike but for case (docs/operations.md#teams-keys-keywords-and-profiles): they
 * serve as before, and the log says once how to tell them apart, as `team list` does.
 */
export async function warnOfCaseTwins(deps: Deps) {
  const notes = await caseTwinNotesOf(deps).catch(() => [])
  for (const message of notes) deps.log.warn('team_names_case', { message })
}

import type { Needs } from '../needs'

/**
 * Where a team stands before its first signal, for an export that wrote nothing (docs/operations.md#exporting-signals):
 * it has signals (a filter left them out), or none yet with keywords a poll searches, or none and no keyword.
 */
export async function signalsStage(
  deps: Needs<never, 'signals' | 'keywords'>,
  teamId: string,
): Promise<'has-signals' | 'has-keywords' | 'nothing'> {
  if ((await deps.repos.signals.count(teamId, { withDismissed: true })) > 0) return 'has-signals'
  return (await deps.repos.keywords.list(teamId)).length ? 'has-keywords' : 'nothing'
}

import type { AdminDeps } from '../deps'
import { signalsStage } from '../domain/signals/first-signals'
import { shellWord } from '../lib/shell-word'

/**
 * The line an export that wrote nothing ends on (docs/operations.md#exporting-signals). "No signal matched" is what a
 * filter does; a team with no signal at all (a new team after a poll that found nothing) is told that, and what
 * brings signals: a poll of its keywords, or a keyword first.
 */
export async function nothingWritten(deps: AdminDeps, team: { id: string; name: string }): Promise<string> {
  const stage = await signalsStage(deps, team.id)
  if (stage === 'has-signals') return 'signals export: no signal matched; nothing was written'
  const name = shellWord(team.name)
  const next =
    stage === 'has-keywords'
      ? `lead-signals poll --once --team ${name} searches its keywords now`
      : `lead-signals keyword add --team ${name} "KEYWORD" says what to search for`
  return `signals export: team "${team.name}" has no signals yet, so nothing was written; ${next}`
}

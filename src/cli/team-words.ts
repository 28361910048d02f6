import type { Deps } from '../deps'
import { isTeam } from '../domain/teams/teams'
import { shellWord } from '../lib/shell-word'
import { usageError } from './args'

/**
 * A team name with spaces typed without quotes (`--team acme corp crm`) reaches a command as the team "acme" and the
 * words "corp" and "crm". Where the words after the team's value complete the name of another team ("acme corp"),
 * `keyword add` and `remove` would act on the wrong team; they refuse instead, with both ways to say what was meant
 * (docs/operations.md#teams-keys-keywords-and-profiles). Keywords written before `--team` are never read as its rest.
 */
export async function refuseSplitTeamName(deps: Pick<Deps, 'repos'>, command: string, argv: string[]) {
  // `--team acme` or `--team=acme`: where the team's value is, and where the words after it start.
  const at = argv.findIndex((a) => a === '--team' || a.startsWith('--team='))
  if (at < 0) return
  const joined = argv[at]?.startsWith('--team=')
  const team = joined ? argv[at]?.slice('--team='.length) : argv[at + 1]
  const next = joined ? at + 1 : at + 2
  if (team === undefined) return
  const words: string[] = []
  for (const arg of argv.slice(next)) {
    if (arg.startsWith('-')) break
    words.push(arg)
  }
  for (let n = words.length; n >= 1; n--) {
    const name = [team, ...words.slice(0, n)].join(' ')
    if (!(await isTeam(deps, name))) continue
    const rest = argv.filter((_, i) => i < at || i >= next).map(shellWord)
    throw usageError(
      `"${name}" is a team: a team name with spaces goes in quotes (--team ${shellWord(name)}); to mean team ${team}, put the keywords before --team (lead-signals ${command} ${rest.join(' ')} --team ${shellWord(team)})`,
    )
  }
}

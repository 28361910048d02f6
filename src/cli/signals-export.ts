import * as v from 'valibot'
import { openExport } from '../domain/signals/export'
import { AppError } from '../errors'
import { fieldIssues } from '../wire/validation'
import { SignalExportQuery } from '../wire/signals'
import { parseFlags, requireFlag } from './args'
import { noPositionals, withDeps } from './common'
import { outPath, writeExport } from './export-output'
import { commandExport } from './export-target'
import { nothingWritten } from './no-signals'

// The query field each flag fills, so that a problem names the flag the user typed.
const FLAGS = {
  format: 'format',
  keyword: 'keyword',
  intent: 'intent',
  platform: 'platform',
  'min-score': 'minScore',
  since: 'since',
  include: 'include',
} as const

/**
 * docs/operations.md#exporting-signals: the team's signals through the same filters and formats as
 * GET /api/v1/signals/export, to standard output or a file; not counted (an operator's command, like import).
 */
export async function exportCommand(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, {
    team: { type: 'string' },
    out: { type: 'string' },
    force: { type: 'boolean' },
    bom: { type: 'boolean' },
    ...Object.fromEntries(Object.keys(FLAGS).map((f) => [f, { type: 'string' as const }])),
  })
  noPositionals(positionals)
  const ref = requireFlag(flags, 'team')
  const query = Object.fromEntries(
    Object.entries(FLAGS)
      .filter(([flag]) => flags[flag] !== undefined)
      .map(([flag, field]) => [field, flags[flag]]),
  )
  // --bom: the API's bom=true, a CSV for Excel (docs/api.md#export).
  const parsed = v.safeParse(SignalExportQuery, flags.bom ? { ...query, bom: 'true' } : query)
  if (!parsed.success) {
    const flagOf = (field: string) => Object.entries(FLAGS).find(([, f]) => f === field)?.[0] ?? field
    const [first] = fieldIssues(parsed.issues, 'query')
    throw new AppError('invalid_request', `--${flagOf(first.field)} ${first.message}`)
  }
  const out = outPath(flags)
  await withDeps(flags, async (deps) => {
    const { team, quiet } = await commandExport(deps, out, ref)
    const exported = await openExport(quiet, team, parsed.output)
    // JSON Lines of no signal is no bytes at all (CSV still has its header): said on stderr, so stdout stays the file.
    if ((await writeExport(exported.body, out, !!flags.force)) === 0) console.error(await nothingWritten(deps, team))
  })
  return 0
}

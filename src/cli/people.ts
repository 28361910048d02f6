import * as v from 'valibot'
import { exportPeople } from '../domain/people/export'
import { forgetPerson } from '../domain/people/forget'
import { findTeam } from '../domain/teams/teams'
import { AppError } from '../errors'
import { fieldIssues } from '../wire/validation'
import { PeopleExportQuery } from '../wire/people'
import { parseFlags, requireFlag } from './args'
import { commandGroup, noPositionals, withDeps } from './common'
import { outPath, writeExport } from './export-output'
import { commandExport } from './export-target'
import { listedBy, teamFlag } from './not-there'

/**
 * docs/people.md#export: the team's people as GET /api/v1/people/export gives them (one record per person with its
 * stable id, for a CRM import), to standard output or a file; an operator's command, not counted.
 */
async function exportCommand(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, {
    team: { type: 'string' },
    format: { type: 'string' },
    out: { type: 'string' },
    force: { type: 'boolean' },
    bom: { type: 'boolean' },
  })
  noPositionals(positionals)
  const ref = requireFlag(flags, 'team')
  const parsed = v.safeParse(PeopleExportQuery, flags.format === undefined ? {} : { format: flags.format })
  if (!parsed.success)
    throw new AppError('invalid_request', `--format ${fieldIssues(parsed.issues, 'query')[0].message}`)
  const out = outPath(flags)
  await withDeps(flags, async (deps) => {
    const { team, quiet } = await commandExport(deps, out, ref)
    await writeExport(
      (await exportPeople(quiet, team.id, parsed.output.format, flags.bom === true)).body,
      out,
      !!flags.force,
    )
  })
  return 0
}

/** docs/people.md#forget: an erasure request answered from the command line, as DELETE /api/v1/people/{id} does. */
async function forgetCommand(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { team: { type: 'string' } })
  const ref = requireFlag(flags, 'team')
  if (positionals.length !== 1)
    throw new AppError(
      'invalid_request',
      'give exactly one person id (per_…, as the People page or the export shows it)',
    )
  const id = positionals[0] as string
  const removed = await withDeps(flags, async (deps) =>
    listedBy(`people export ${teamFlag(ref)} lists its people with their ids`, async () =>
      forgetPerson(deps, (await findTeam(deps, ref)).id, id),
    ),
  )
  console.log(
    `Forgot ${id}: ${removed.accounts} account(s) and ${removed.signals} signal(s) removed; ` +
      'their later posts will not be stored.',
  )
  return 0
}

export const people = commandGroup(
  'people',
  {
    export: { usage: 'export --team TEAM [--format csv|jsonl] [--bom] [--out FILE [--force]]', run: exportCommand },
    forget: { usage: 'forget --team TEAM PERSON_ID', run: forgetCommand },
  },
  {
    list: "to read the people: lead-signals people export --team TEAM (CSV, or --format jsonl), or the console's People page",
  },
)

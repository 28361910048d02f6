import { readFile } from 'node:fs/promises'
import { AppError } from '../domain/errors'
import { importSignals } from '../domain/signals/import'
import { findTeam } from '../domain/teams/teams'
import { parseFlags, requireFlag } from './args'
import { commandGroup, printJson, withDeps } from './common'

const REASONS: Record<string, string> = {
  ENOENT: 'no such file', EACCES: 'permission denied', EISDIR: 'it is a directory', EPERM: 'permission denied',
}

/** The file's text; `-` reads standard input. An error names the file only as the user typed it. */
async function readInput(path: string): Promise<string> {
  if (path === '-') return Bun.stdin.text()
  try {
    return await readFile(path, 'utf8')
  } catch (e) {
    const reason = REASONS[(e as NodeJS.ErrnoException).code ?? ''] ?? 'it could not be read'
    throw new AppError('invalid_request', `cannot read ${JSON.stringify(path)}: ${reason}`)
  }
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

async function importCommand(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, {
    team: { type: 'string' }, 'skip-invalid': { type: 'boolean' }, json: { type: 'boolean' },
  })
  const ref = requireFlag(flags, 'team')
  if (positionals.length !== 1) throw new AppError('invalid_request', 'give exactly one FILE (JSON Lines; "-" for standard input)')
  const text = await readInput(positionals[0])
  const skipInvalid = flags['skip-invalid'] === true
  const result = await withDeps(flags, async (deps) => importSignals(deps, { teamId: (await findTeam(deps, ref)).id, text, skipInvalid }))

  for (const r of result.rejected) console.error(`line ${r.line}: ${r.message}`)
  if (flags.json) printJson(result)
  if (!result.applied) {
    console.error(`lead-signals: ${plural(result.rejected.length, 'invalid line')}; nothing was imported (--skip-invalid imports the valid lines)`)
    return 1
  }
  if (!flags.json) {
    const lines = result.rejected.map((r) => r.line).join(', ')
    console.log(`imported ${plural(result.imported, 'signal')}, skipped ${plural(result.duplicates, 'duplicate')}, `
      + `rejected ${plural(result.rejected.length, 'line')}${lines ? ` (line${result.rejected.length === 1 ? '' : 's'} ${lines})` : ''}`)
  }
  return 0
}

export const signals = commandGroup('signals', {
  import: { usage: 'import --team TEAM FILE [--skip-invalid] [--json]', run: importCommand },
})

import { createReadStream, type Stats, statSync } from 'node:fs'
import { AppError } from '../errors'
import { type ImportProgress, importSignals } from '../domain/signals/import'
import { fileLines, heldLines } from '../domain/signals/line-source'
import { REJECTIONS_KEPT } from '../domain/signals/rejections'
import { findTeam } from '../domain/teams/teams'
import { parseFlags, requireFlag } from './args'
import { commandGroup, printJson, withDeps } from './common'
import { exportCommand } from './signals-export'

/**
 * The lines of the import's FILE (docs/operations.md#importing-signals). A file is read twice, in chunks. Standard
 * input, and a pipe or device named as FILE (a process substitution, `<(zcat x.gz)`, a named pipe, /dev/stdin on a
 * terminal), cannot be read twice, so they are kept in memory: a second read of a pipe found it empty (refused as a
 * file that changed) or, for a named pipe, waited for a writer for ever.
 */
function importLines(file: string) {
  if (file === '-') return heldLines(Bun.stdin.stream(), 'standard input')
  let found: Stats | undefined
  try {
    found = statSync(file, { throwIfNoEntry: false })
  } catch {} // a path that cannot be looked at: reading it says why
  if (found && !found.isFile() && !found.isDirectory()) return heldLines(createReadStream(file), JSON.stringify(file))
  return fileLines(file)
}

// An input whose first lines were all rejected, not read further (docs/operations.md#importing-signals).
const notSignals = (file: string) =>
  new AppError(
    'invalid_request',
    `${file === '-' ? 'standard input' : JSON.stringify(file)}: its first ${REJECTIONS_KEPT.toLocaleString('en')} lines were all rejected (listed above), ` +
      'so the import stopped there and nothing was imported; it reads JSON Lines, one signal per line, as signals export --format jsonl writes them',
  )

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

async function importCommand(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, {
    team: { type: 'string' },
    'skip-invalid': { type: 'boolean' },
    json: { type: 'boolean' },
  })
  const ref = requireFlag(flags, 'team')
  if (positionals.length !== 1)
    throw new AppError('invalid_request', 'give exactly one FILE (JSON Lines; "-" for standard input)')
  const lines = importLines(positionals[0])
  const skipInvalid = flags['skip-invalid'] === true
  const progress = progressReporter(process.stderr)
  const result = await withDeps(flags, async (deps) => {
    const teamId = (await findTeam(deps, ref)).id
    return importSignals(deps, { teamId, lines, skipInvalid, onProgress: progress.update }).finally(progress.clear)
  })

  for (const r of result.rejected) console.error(`line ${r.line}: ${r.message}`)
  if (result.stopped) throw notSignals(positionals[0])
  const more = result.rejectedCount - result.rejected.length
  if (more > 0) console.error(`lead-signals: ${plural(more, 'more invalid line')}, not listed`)
  if (flags.json) printJson(result)
  if (!result.applied) {
    console.error(
      `lead-signals: ${plural(result.rejectedCount, 'invalid line')}; nothing was imported (--skip-invalid imports the valid lines)`,
    )
    return 1
  }
  if (!flags.json) {
    const lines = result.rejected.map((r) => r.line).join(', ') + (more > 0 ? ` and ${more} more` : '')
    console.log(
      `imported ${plural(result.imported, 'signal')}, skipped ${plural(result.duplicates, 'duplicate')}, ` +
        (result.forgotten > 0 ? `${plural(result.forgotten, 'post')} of forgotten people, ` : '') +
        `rejected ${plural(result.rejectedCount, 'line')}${lines ? ` (line${result.rejectedCount === 1 ? '' : 's'} ${lines})` : ''}`,
    )
  }
  return 0
}

// Quiet for an import that is over in a moment; then a line on a terminal rewritten in place, elsewhere (a log)
// a line now and then.
const QUIET_MS = 1000
const TERMINAL_EVERY_MS = 200
const LOG_EVERY_MS = 2000

/** Progress on stderr: lines done and their rate, and on a terminal the time left. */
function progressReporter(out: NodeJS.WriteStream) {
  const started = performance.now()
  let phaseStarted = started
  let phase: ImportProgress['phase'] = 'checking'
  let shownAt = 0
  let shown = false
  const count = (n: number) => n.toLocaleString('en')
  return {
    update(p: ImportProgress) {
      const now = performance.now()
      if (p.phase !== phase) [phase, phaseStarted] = [p.phase, now]
      // A phase's start (storing reports one with no line stored): timed from here, nothing to show yet.
      if (p.lines === 0) return
      if (now - started < QUIET_MS || now - shownAt < (out.isTTY ? TERMINAL_EVERY_MS : LOG_EVERY_MS)) return
      shownAt = now
      const rate = p.lines / Math.max((now - phaseStarted) / 1000, 0.001)
      let text = `checked ${count(p.lines)} lines (${count(Math.round(rate))} lines/s)`
      if (p.phase === 'importing' && p.totalLines !== undefined) {
        text = `stored ${count(p.lines)} of ${count(p.totalLines)} lines (${count(Math.round(rate))} lines/s)`
        if (out.isTTY) text += `, about ${Math.ceil((p.totalLines - p.lines) / rate)} s left`
      }
      out.write(out.isTTY ? `\r\x1b[K${text}` : `lead-signals: signals import: ${text}\n`)
      shown = true
    },
    /** Clears the terminal's progress line before the result is printed. */
    clear() {
      if (shown && out.isTTY) out.write('\r\x1b[K')
    },
  }
}

export const signals = commandGroup(
  'signals',
  {
    import: { usage: 'import --team TEAM FILE [--skip-invalid] [--json]', run: importCommand },
    export: {
      usage:
        'export --team TEAM [--format csv|jsonl] [--bom] [--keyword K] [--intent I] [--platform P] [--min-score N] [--since DATE] [--include dismissed] [--out FILE [--force]]',
      run: exportCommand,
    },
  },
  {
    list: "to read the signals: lead-signals signals export --team TEAM (CSV, or --format jsonl), or the console's Signals page",
  },
)

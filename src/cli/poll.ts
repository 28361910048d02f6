import { readConfig } from '../config/read'
import { buildDeps } from '../deps'
import { AppError, ERRORS } from '../errors'
import { logsWritten } from '../lib/log'
import { findTeam } from '../domain/teams/teams'
import { PollStalled, runPollPass } from '../jobs/poll-pass'
import { formatSummary } from '../domain/polling/summary'
import { passAdvice } from '../domain/polling/advice'
import { modelAdvice } from '../domain/polling/model-advice'
import { parseFlags } from './args'
import { noPositionals, printJson } from './common'
import { failureLine } from './failure-line'
import { requireDatabaseFile } from './with-deps'
import { onStopSignals } from './stop-signals'

/**
 * `poll --once [--team TEAM] [--json]`: one keyword-polling pass now, with the configured scorer and platforms.
 * SIGINT/SIGTERM stop it at the next safe point (what was fetched stays queued for the next pass).
 */
export async function poll(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, {
    once: { type: 'boolean' },
    team: { type: 'string' },
    json: { type: 'boolean' },
  })
  noPositionals(positionals)
  if (!flags.once)
    throw new AppError('invalid_request', 'poll: give --once (scheduled polling runs inside "lead-signals serve")')
  const config = readConfig(flags.config as string | undefined)
  requireDatabaseFile(config)
  const deps = await buildDeps(config)
  const stop = new AbortController()
  try {
    return await onStopSignals(
      () => stop.abort(),
      async () => {
        const teamId = typeof flags.team === 'string' ? (await findTeam(deps, flags.team)).id : undefined
        const summary = await runPollPass(deps, { teamId, signal: stop.signal }).catch((err) => {
          if (!(err instanceof PollStalled)) throw err
          // The pass given up on still waits on the database, and its socket and scoring threads would keep this
          // process alive for good: exiting is the one way to end (docs/operations.md#a-pass-that-hangs).
          console.error(stalledLine(err))
          process.exit(ERRORS[err.kind].exit)
        })
        // A model server that could not be reached, as a platform is: the address to check (model-advice.ts).
        const advice = [...(await passAdvice(deps, summary, teamId)), ...(await modelAdvice(deps))]
        await logsWritten()
        if (flags.json) printJson({ ...summary, advice })
        else console.log([formatSummary(summary), ...advice].join('\n'))
        // A pass whose every search failed found nothing because of the platforms or the network: cron and scripts
        // must see that. One that had nothing to search, or where some searches came back, did its job.
        const { searches, failed } = summary.totals
        if (searches > 0 && failed === searches) {
          const what = searches === 1 ? 'the only search' : `all ${searches} searches`
          console.error(`lead-signals: poll: ${what} failed (the log lines above say why)`)
          return 1
        }
        return 0
      },
    )
  } finally {
    deps.scorer.close?.()
    deps.database.client.close()
  }
}

/**
 * The given-up pass's failure line (docs/operations.md#a-pass-that-hangs), bounded and with its control characters
 * shown as U+FFFD as every failure line is (failure-line.ts): printed raw, it had no bound and let a
 * control character reach the terminal.
 */
export const stalledLine = (err: PollStalled) => `lead-signals: ${failureLine(err.message)}`

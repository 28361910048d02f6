import { Cron } from 'croner'
import type { Deps } from '../deps'
import { appErrorIn } from '../errors'
import { IN_UTC } from '../lib/cron'
import { retriedScheduledBackup } from './backup-retry'
import { scheduledHousekeeping } from './housekeeping'
import { LEFT_UNITS_SCHEDULE, leftUnits } from './left-units'
import { PollStalled, runPollPass } from './poll-pass'
import { startStreams } from './streams'
import { streamedPlatforms } from '../domain/streams/supervise'
import { startDeliveryWorker } from './webhook-delivery'

/** Housekeeping: 00:05 UTC on the 1st, just after the month (and the quota) changes. */
const HOUSEKEEPING_SCHEDULE = '5 0 1 * *'

export type Scheduler = {
  /** When each job runs next (null: not scheduled, e.g. polling disabled, or stopped). */
  nextRuns(): { poll: Date | null; housekeeping: Date | null; backup: Date | null }
  /** Stops scheduling, asks running jobs to stop at a safe point, and resolves once they have ended. */
  stop(): Promise<void>
}

/**
 * The jobs `serve` runs on its own: keyword polling on `polling.schedule` (when `polling.enabled`), monthly
 * housekeeping, both in UTC, and webhook delivery. Croner's `protect` keeps a job from starting while its previous run
 * is still going in this process; the database leases keep other processes out. `housekeepingNow` also runs
 * housekeeping at once, so a run missed while the server was down is caught up at start-up.
 */
export function startScheduler(deps: Deps, a: { housekeepingNow?: boolean } = {}): Scheduler {
  const shutdown = new AbortController()
  const running = new Set<Promise<void>>()

  // Every run is tracked, so stop() can wait for it; a failure is logged and the next run tries again. The service's
  // own error inside the query builder's (the lock wait's, under a lease's write) is the reason: the builder's said
  // only "a query failed" (docs/operations.md#logs).
  const track = (job: string, work: (signal: AbortSignal) => Promise<void>) => {
    if (shutdown.signal.aborted) return Promise.resolve()
    const run: Promise<void> = work(shutdown.signal)
      .catch((err) => deps.log.error('job_failed', { job, err: appErrorIn(err) ?? err }))
      .finally(() => running.delete(run))
    running.add(run)
    return run
  }
  // Unnamed: croner keeps named jobs in a process-wide list that refuses a second job of the same name.
  const schedule = (job: string, pattern: string, work: (signal: AbortSignal) => Promise<void>) =>
    new Cron(
      pattern,
      {
        ...IN_UTC,
        protect: () =>
          deps.log.warn('job_overrun', { job, reason: 'the previous run is still going; this one is skipped' }),
      },
      () => track(job, work),
    )

  const streamed = streamedPlatforms(deps.config, deps.log)
  const poll = deps.config.polling.enabled
    ? schedule('poll', deps.config.polling.schedule, async (signal) => {
        // A platform that is streamed is not searched as well (docs/streams.md).
        const s = await runPollPass(deps, { signal, skip: streamed }).catch((err) => {
          if (!(err instanceof PollStalled)) throw err
          // Told once an outage, with when the database last answered, never its address
          // (docs/operations.md#a-pass-that-hangs).
          if (err.already) deps.log.info('poll_skipped', { reason: err.message })
          else
            deps.log.warn('poll_stalled', {
              since: err.since,
              waitedSeconds: err.seconds,
              next: 'the pass is given up; the next one starts on polling.schedule',
            })
        })
        if (!s) return
        deps.log.info('poll_pass', {
          outcome: s.outcome,
          startedAt: s.startedAt,
          finishedAt: s.finishedAt,
          scorerUnavailable: s.scorerUnavailable,
          totals: s.totals,
          platforms: s.platforms,
        })
      })
    : undefined
  const housekeeping = schedule('housekeeping', HOUSEKEEPING_SCHEDULE, (signal) =>
    scheduledHousekeeping(deps, { signal }),
  )
  // backup.schedule is accepted only for an embedded database (checkBackupConfig, at serve's start).
  const backup = deps.config.backup.schedule
    ? schedule('backup', deps.config.backup.schedule, async (signal) => {
        deps.log.info('backup', await retriedScheduledBackup(deps, { signal }))
      })
    : undefined
  // The units of counted calls a process that died held (docs/api.md#reserve-and-give-back).
  const left = schedule('left_units', LEFT_UNITS_SCHEDULE, () => leftUnits(deps))
  void left.trigger()
  // Not on a cron schedule: due webhook attempts are looked for every second (docs/webhooks.md#delivery).
  const webhooks = startDeliveryWorker(deps)
  const streams = startStreams(deps)
  // trigger() marks the job busy like a scheduled run, so protect also covers this one.
  if (a.housekeepingNow) void housekeeping.trigger()
  deps.log.info('scheduler_started', {
    poll: poll ? { schedule: deps.config.polling.schedule, next: poll.nextRun()?.toISOString() } : 'disabled',
    housekeeping: { schedule: HOUSEKEEPING_SCHEDULE, next: housekeeping.nextRun()?.toISOString() },
    backup: backup ? { schedule: deps.config.backup.schedule, next: backup.nextRun()?.toISOString() } : 'none',
    streams: [...streamed],
  })

  let stopped: Promise<void> | undefined
  return {
    nextRuns: () => ({
      poll: poll?.nextRun() ?? null,
      housekeeping: housekeeping.nextRun(),
      backup: backup?.nextRun() ?? null,
    }),
    stop() {
      stopped ??= (async () => {
        poll?.stop()
        housekeeping.stop()
        left.stop()
        backup?.stop()
        shutdown.abort()
        await Promise.all([...running, webhooks.stop(), streams.stop()])
      })()
      return stopped
    },
  }
}

import { AppError } from '../../errors'
import { createOutage, REMIND_EVERY_MS } from '../../lib/outage'
import type { StuckJobs } from '../health/stuck'
import { askedWaitSec, namedWaitSec } from '../../platforms/stream'
import { withUnresolvedName } from '../../platforms/unresolved-name'
import type { StreamDeps } from './runner'

// A stream hears from upstream several times a second: its success is written at most this often, and at once after
// a failure, so that the Sources page's "last success" stays current without a write per event.
const SUCCESS_EVERY_MS = 60_000

// Where an operator follows a stream that cannot read, and why the terminal goes quiet after the first line: it is the
// line an offline server prints at start, once a stream (docs/streams.md#outages).
const SEE = `the console's Sources page or GET /api/v1/platforms; the log says when it reads again, and reminds every ${REMIND_EVERY_MS / 60_000} minutes`

/**
 * A stream's reading as source health and in the log (docs/streams.md#source-health), the same row a search writes:
 * each failure to read upstream at once, with the platform's own message (never a URL or a body), and a success when
 * upstream answers. Without it a stream that cannot connect showed only its last search's outcome, however old. The
 * log tells an outage's start, reminds at most every 15 minutes and tells its end, rather than each retry
 * (docs/streams.md#outages).
 */
export function streamHealth(
  deps: Pick<StreamDeps, 'repos' | 'clock' | 'log' | 'config'> & { stuck: StuckJobs },
  platform: string,
) {
  // As GET /readyz names it while it cannot read (docs/operations.md#a-job-that-hangs).
  const job = `the ${platform} stream`
  const says = (since: string) => `${job} has not read its platform since ${since}; it keeps trying`
  let failing = true
  let successAt = 0
  const outage = createOutage(() => deps.clock.now())
  // One health write of this stream on its way at a time: the writes to a libSQL server go one after another, each a
  // round trip, so a failure each retry while the last was still waiting held the counted calls queued behind them
  // (docs/operations.md#a-slow-link-to-the-database). What comes meanwhile is written next, the latest of each kind:
  // a failure and a success change columns of their own, and a later one of a kind holds all the row keeps of it.
  let due: Partial<Record<'failure' | 'success', () => Promise<void>>> = {}
  let sending = false
  // Writes that fail (the disk full, the database read-only) fail at each read and retry while that lasts: told when
  // they begin, reminded every 15 minutes, and their end told, not a line a write (docs/operations.md#logs).
  const unwritten = createOutage(() => deps.clock.now())
  const written = () => {
    const ended = unwritten.ended()
    if (ended) deps.log.info('stream_health_written', { platform, ...ended })
  }
  const notWritten = (what: string, err: unknown) => {
    const told = unwritten.failed()
    if (told?.tell === 'began') deps.log.error('stream_health_not_written', { platform, what, err })
    else if (told)
      deps.log.error('stream_health_not_written', { platform, what, since: told.since, failures: told.failures, err })
  }
  const write = (what: 'failure' | 'success', send: () => Promise<void>) => {
    due[what] = send
    if (!sending) void sendDue()
  }
  const sendDue = async () => {
    sending = true
    while (Object.keys(due).length > 0) {
      const now = due
      due = {}
      for (const [what, send] of Object.entries(now)) await send().then(written, (err) => notWritten(what, err))
    }
    sending = false
  }
  return {
    failed(failure: unknown) {
      failing = true
      // In the log, a name that does not resolve is said so, with the setting that holds it; health keeps the message.
      const err = withUnresolvedName(deps.config, platform, failure)
      const told = outage.failed()
      if (told) deps.stuck.degraded(job, { since: told.since, says })
      if (told?.tell === 'began') {
        deps.log.warn('stream_read_failed', { platform, err, ...retrying(failure, deps.clock.now()), see: SEE })
      } else if (told)
        deps.log.warn('stream_still_failing', { platform, since: told.since, failures: told.failures, err })
      const message = failure instanceof AppError ? failure.message : `${platform} stream could not be read`
      const at = deps.clock.now().toISOString()
      write('failure', () => deps.repos.platformHealth.recordFailure(platform, at, message))
    },
    /** A batch hung and the stream starts again (docs/streams.md#resuming): `message` names the step, no more. */
    stalled(message: string) {
      const at = deps.clock.now().toISOString()
      write('failure', () => deps.repos.platformHealth.recordFailure(platform, at, message))
    },
    heard() {
      const ended = outage.ended()
      if (ended) {
        deps.log.info('stream_recovered', { platform, ...ended })
        deps.stuck.degraded(job, undefined)
      }
      const now = deps.clock.now()
      if (!failing && now.getTime() - successAt < SUCCESS_EVERY_MS) return
      failing = false
      successAt = now.getTime()
      write('success', () => deps.repos.platformHealth.recordHeard(platform, now.toISOString()))
    },
  }
}

/**
 * When the stream tries again after `err`, for the log: the wait upstream named (a rate limit, a refused token, a
 * 503's Retry-After) is the one the retry keeps (platforms/stream.ts), told with until when, and with what was asked
 * when that was past the bound (docs/streams.md#outages).
 */
function retrying(err: unknown, now: Date) {
  const named = namedWaitSec(err)
  if (!named || named <= 60) return { retrying: 'with a growing wait, up to a minute' }
  const asked = askedWaitSec(err) ?? named
  return {
    retrying: `in ${named} s${asked > named ? ` (asked for ${asked} s: a wait named is kept an hour at most)` : ''}`,
    until: new Date(now.getTime() + named * 1000).toISOString(),
  }
}

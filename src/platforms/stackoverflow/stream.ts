import * as v from 'valibot'
import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { readItems } from '../common/mapping'
import {
  aheadOfClock,
  backoffMs,
  DocumentedWait,
  NAMED_WAIT_MAX_SEC,
  namedWaitSec,
  pause,
  storedPosition,
  type StreamReader,
} from '../stream'
import type { Mention } from '../../mention'
import { getStackExchange } from './api'
import { stackoverflowReadEveryMs } from '../stream-share'
import { Question, toMention, Wrapper } from './connector'
import { backoffPause, QUOTA_SPENT_SEC, quotaPause, refusalMessage, throttleWaitSec } from './pauses'
import type { PlatformShared } from '../common/shared-pauses'
import { AppError } from '../../errors'
import { remember } from '../../lib/bounded-map'
import { failedAnswer } from '../upstream-errors'

// Stack Exchange API 2.3 /questions (api.stackexchange.com/docs/questions) with sort=creation&order=desc: a site's
// newest questions, 100 a page. One read a minute with a key (1,440 of its 10,000 calls a day); without one, a read
// every 9.6 minutes, half the 300 an address may send (stackoverflowReadEveryMs). A `backoff` in the wrapper
// (docs/throttle) is waited out before the next call, so is a throttle_violation's wait, and an exhausted quota waits
// an hour (docs/streams.md#which-platforms-stream).
const PAGES = 5

type At = { date: number; id: number }
const after = (q: At, p: At) => q.date > p.date || (q.date === p.date && q.id > p.id)
const parse = (s: string | null): At | null => {
  const [date, id] = (s ?? '').split(':').map(Number)
  return s && Number.isFinite(date) && Number.isFinite(id) ? { date: date as number, id: id as number } : null
}

export function createStackoverflowStream(
  config: Config['platforms']['stackoverflow'],
  log: Logger,
  shared: PlatformShared = {},
): StreamReader {
  // This address's daily quota, with the searches of every process here (quotaPause).
  const quota = quotaPause(config, shared)
  // A `backoff` on /questions, for every process here with the key: one that takes the stream over mid-wait waits too.
  const backoff = backoffPause(config, shared, '/2.3/questions')
  /** Waits out the backoff held on /questions (this process's or another's): a wait asked for, not a failure. */
  const backedOff = (signal: AbortSignal) =>
    backoff.refuseWhileHeld().catch(() => pause(backoff.secondsLeft() * 1000, signal))
  async function page(n: number, signal: AbortSignal) {
    await quota.refuseWhileHeld()
    const url = new URL('/2.3/questions', config.stream_url)
    url.search = new URLSearchParams({
      order: 'desc',
      sort: 'creation',
      site: config.site,
      pagesize: '100',
      page: String(n),
      filter: 'withbody',
      // Trimmed as the searches trim it: a key pasted with a space or line end still works, and blank is no key.
      ...(config.key.trim() && { key: config.key.trim() }),
    }).toString()
    const res = await getStackExchange({ url, timeoutMs: config.timeout_ms, log, signal })
    const w = v.safeParse(Wrapper, res.body)
    // Errors are AppErrors, whose message source health shows (docs/streams.md#source-health): a site or key refused
    // showed only that the stream could not be read.
    if (w.success && w.output.error_id !== undefined) {
      const message = refusalMessage(w.output)
      const throttled = throttleWaitSec(w.output)
      if (throttled === undefined) throw new AppError('upstream_error', message)
      // This address's, as the quota: the searches of every process here wait for it too. Its wait is documented (a
      // spent daily quota's names when it renews), so kept whole, and until when is said (docs/streams.md#outages).
      await quota.hold(throttled, 'throttle_violation')
      const until = new Date(Date.now() + throttled * 1000).toISOString()
      throw new DocumentedWait(`${message}; waiting ${throttled} s, until ${until}`, throttled)
    }
    if (!res.ok) throw failedAnswer('stackoverflow', res, undefined, undefined, NAMED_WAIT_MAX_SEC)
    if (res.body === undefined) throw new AppError('upstream_error', 'stackoverflow sent a body that is not JSON')
    if (!w.success || !Array.isArray(w.output.items))
      throw new AppError('upstream_error', 'stackoverflow sent an answer without an items list')
    const items = readItems({ platform: 'stackoverflow', log, items: w.output.items, item: Question, map: (q) => q })
    return { items, more: w.output.has_more === true, backoff: w.output.backoff, quota: w.output.quota_remaining }
  }
  return {
    platform: 'stackoverflow',
    async read(from, sink, signal) {
      let at = storedPosition('stackoverflow', from, (s) => parse(s) ?? undefined, sink)
      let failures = 0
      const everyMs = stackoverflowReadEveryMs(config)
      // Questions dated ahead already told as a gap: each read hands them on again, and the runner passes them over.
      const told = new Map<number, true>()
      while (!signal.aborted) {
        let waitMs = everyMs
        try {
          // A full queue to the scorer is waited on before reading more (docs/streams.md#backpressure).
          if (sink.full()) await sink.room()
          const fresh: v.InferOutput<typeof Question>[] = []
          for (let n = 1; n <= PAGES; n++) {
            await backedOff(signal)
            if (signal.aborted) return
            const p = await page(n, signal)
            failures = 0
            if (p.backoff) {
              await backoff.hold(p.backoff, 'backoff')
              waitMs = Math.max(waitMs, p.backoff * 1000)
            }
            if (p.quota === 0) await quota.hold(QUOTA_SPENT_SEC, 'quota_remaining 0, the daily quota is spent')
            waitMs = Math.max(waitMs, quota.secondsLeft() * 1000)
            const newer = at ? p.items.filter((q) => after({ date: q.creation_date, id: q.question_id }, at as At)) : []
            fresh.push(...newer)
            const newest = p.items.find((q) => !aheadOfClock(q.creation_date * 1000))
            if (at === null && newest) at = { date: newest.creation_date, id: newest.question_id }
            const reachedStored = newer.length < p.items.length
            if (reachedStored || !p.more) break
            if (n === PAGES)
              sink.gap(`more than ${PAGES * 100} questions since the stored position; older ones were not read`)
            // Else the next page waits out the backoff (docs/throttle, backedOff) rather than being left unread: the
            // position moves past everything this read hands on.
          }
          fresh.sort((a, b) => a.creation_date - b.creation_date || a.question_id - b.question_id)
          for (const q of fresh) {
            const mention: Mention = toMention(q)
            // Dated ahead of this server's clock: read, but the position does not follow it (docs/streams.md#resuming).
            if (!aheadOfClock(q.creation_date * 1000)) at = { date: q.creation_date, id: q.question_id }
            else if (!told.has(q.question_id)) {
              remember(told, q.question_id, true, 1000)
              sink.gap(
                `stackoverflow question ${q.question_id} is dated ahead of this server's clock; the position does not follow it`,
              )
            }
            sink.item(mention, `${(at as At).date}:${(at as At).id}`)
          }
          sink.heard({ caughtUp: true, ...(at && { position: `${at.date}:${at.id}` }) })
        } catch (err) {
          if (signal.aborted) return
          sink.failed(err)
          waitMs = Math.max(backoffMs(failures++, everyMs), (namedWaitSec(err) ?? 0) * 1000)
        }
        await pause(waitMs, signal)
      }
    },
  }
}

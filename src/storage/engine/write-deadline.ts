import { AppError } from '../../errors'

/**
 * How long a write sent to a libSQL server may wait for its answer before the server is asked, beside it, whether it
 * still answers at all (docs/operations.md#a-database-that-stops-answering-a-write). A healthy server answers a write
 * in milliseconds, and one waiting for another executable's lock answers SQLITE_BUSY within its own 5 s.
 */
const WRITE_ANSWER_MS = 5_000
/**
 * How long that question (one `SELECT 1`, which needs no lock) may go unanswered before the server counts as silent.
 */
const PROBE_MS = 5_000
/**
 * A write (not a migration) unanswered this long is given up even while the server answers others: its connection
 * alone went silent (a firewall that forgot it). No write of the service holds sqld's lock nearly as long.
 */
const STUCK_MS = 60_000

const LATE = Symbol('late')
// Writes in doubt: sent, then abandoned unanswered, so the server may or may not have committed them.
const doubtful = new WeakSet<object>()

/** Whether `err` failed a write that was sent and never answered: it may have been committed, or may still be. */
export const writeInDoubt = (err: unknown) => typeof err === 'object' && err !== null && doubtful.has(err)

/** Whether `err` is this deadline's: the server stopped answering. */
export const unanswered = (err: unknown) => err instanceof AppError && err.extra.reason === SILENT

const SILENT = 'its server does not answer'

/**
 * The deadline of the calls of one remote client, which sends its writes one at a time. A call unanswered after
 * `answerMs` is not given up while the server answers a `probe` (a long migration, a large batch), up to `stuckMs`
 * for a write (no bound for a migration or a read); when the probe too goes unanswered for `probeMs`, the call fails
 * as `storage_unavailable` (a write in doubt, writeInDoubt), `abandon` drops the connections, and the writes waiting
 * behind it fail at once without being sent, until a probe is answered again. Costs a call one timer; the probe is
 * sent only when a call is late.
 */
export function createWriteDeadline(a: {
  host: string
  probe: () => Promise<unknown>
  abandon: () => void
  answerMs?: number
  probeMs?: number
  stuckMs?: number
}) {
  const answerMs = a.answerMs ?? WRITE_ANSWER_MS
  const probeMs = a.probeMs ?? PROBE_MS
  const stuckMs = a.stuckMs ?? STUCK_MS
  // When a probe last went unanswered (performance.now()), while no answer came since; undefined: answering.
  let silentAt: number | undefined
  let probing: Promise<'answered' | 'failed' | 'silent'> | undefined
  // How many times the connections were dropped: a call in flight then fails as given up, whoever gave up.
  let abandoned = 0

  // One probe at a time, shared by whoever asks meanwhile. A probe that fails (refused, reset) is an answer of a
  // kind: the call sent next fails with the network's own reason rather than this one.
  const answers = () =>
    (probing ??= within(
      a.probe().then(
        () => 'answered' as const,
        () => 'failed' as const,
      ),
      probeMs,
    ).then((outcome) => {
      probing = undefined
      if (outcome === LATE) {
        silentAt = performance.now()
        return 'silent'
      }
      silentAt = undefined
      return outcome
    }))

  const silence = (how: 'sent' | 'unsent' | 'read', waitedMs: number) => {
    const what = how === 'read' ? 'a read' : 'a write'
    const err = new AppError(
      'storage_unavailable',
      `database.url: the libSQL server at ${a.host} stopped answering: ${what} went unanswered for ${Math.round(waitedMs / 100) / 10} s${how === 'unsent' ? ' (this one was not sent)' : ''}; check that it runs and that this machine reaches it`,
      { reason: SILENT },
    )
    if (how === 'sent') doubtful.add(err)
    return err
  }

  return {
    /**
     * Before a write is sent: undefined while the server answers. Once it went silent, a write fails at once for
     * `probeMs`, then waits for one probe shared with every other write: answered, it is sent.
     */
    ready(): Promise<void> | undefined {
      if (silentAt === undefined) return undefined
      if (performance.now() - silentAt < probeMs) return Promise.reject(silence('unsent', answerMs + probeMs))
      return answers().then((outcome) => {
        if (outcome === 'silent') throw silence('unsent', answerMs + probeMs)
      })
    },
    /**
     * Sends a call (`run`) and waits for its answer, or fails it once the server is silent, or, for a write, once it
     * waited `stuckMs`.
     */
    async send<T>(run: () => Promise<T>, how: 'write' | 'read' | 'migration'): Promise<T> {
      const started = performance.now()
      const generation = abandoned
      const given = how === 'read' ? 'read' : 'sent'
      const answer = run()
      try {
        for (;;) {
          const outcome = await within(answer, answerMs)
          if (outcome !== LATE) return outcome
          if (how === 'write' && performance.now() - started >= stuckMs) break
          // The call's own answer may come while the probe is out: it is taken, whatever the probe then says.
          const settled = answer.then(
            () => 'settled' as const,
            () => 'settled' as const,
          )
          const verdict = await Promise.race([answers(), settled])
          if (verdict === 'answered' || verdict === 'settled') continue
          break
        }
      } catch (err) {
        // Aborted with the connections another call gave up: it was left unanswered too.
        if (abandoned !== generation) throw silence(given, performance.now() - started)
        throw err
      }
      // Its answer, if one ever comes, has nobody left to read it.
      answer.catch(() => undefined)
      abandoned++
      a.abandon()
      throw silence(given, performance.now() - started)
    },
  }
}
/** `p`'s value, or LATE when it has not settled within `ms`; one timer, cleared when `p` settles first. */
function within<T>(p: Promise<T>, ms: number): Promise<T | typeof LATE> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms, LATE)
    p.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (err) => {
        clearTimeout(timer)
        reject(err)
      },
    )
  })
}

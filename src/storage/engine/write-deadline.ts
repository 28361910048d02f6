import { AppError } from '../../errors'

/**
 * How long a write sent to a libSQL server may wait for its answer before the server is asked, beside it, whether it
 * still answers at all (docs/operations.md#a-database-that-stops-answering-a-write). A healthy server answers a write
 * in milliseconds, and one waiting for another executable's lock answers SQLITE_BUSY within its own 5 s.
 */
export const WRITE_ANSWER_MS = 5_000
/** How long that question (one `SELECT 1`, which needs no lock) may go unanswered before the server counts as silent. */
export const PROBE_MS = 5_000

const LATE = Symbol('late')
// Writes in doubt: sent, then abandoned unanswered, so the server may or may not have committed them.
const doubtful = new WeakSet<object>()

/** Whether `err` failed a write that was sent and never answered: it may have been committed, or may still be. */
export const writeInDoubt = (err: unknown) => typeof err === 'object' && err !== null && doubtful.has(err)

export type WriteDeadline = ReturnType<typeof createWriteDeadline>

/**
 * The deadline of the writes of one remote client, which sends them one at a time. A write unanswered after
 * `answerMs` is not given up while the server answers a `probe` (a long migration, a large batch); when the probe
 * too goes unanswered for `probeMs`, the write fails as `storage_unavailable` (in doubt, writeInDoubt), `abandon`
 * drops the connections, and the writes waiting behind it fail at once without being sent, until a probe is answered
 * again. Costs a write one timer; the probe is sent only when a write is late.
 */
export function createWriteDeadline(a: {
  host: string
  probe: () => Promise<unknown>
  abandon: () => void
  answerMs?: number
  probeMs?: number
}) {
  const answerMs = a.answerMs ?? WRITE_ANSWER_MS
  const probeMs = a.probeMs ?? PROBE_MS
  // When a probe last went unanswered (performance.now()), while no answer came since; undefined: answering.
  let silentAt: number | undefined
  let probing: Promise<'answered' | 'failed' | 'silent'> | undefined

  // One probe at a time, shared by whoever asks meanwhile. A probe that fails (refused, reset) is an answer of a
  // kind: the write sent next fails with the network's own reason rather than this one.
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

  const silence = (sent: boolean) => {
    const err = new AppError(
      'storage_unavailable',
      `database.url: the libSQL server at ${a.host} stopped answering: a write went unanswered for ${(answerMs + probeMs) / 1000} s${sent ? '' : ' (this one was not sent)'}; check that it runs and that this machine reaches it`,
      { reason: 'its server does not answer' },
    )
    if (sent) doubtful.add(err)
    return err
  }

  return {
    /**
     * Before a write is sent: undefined while the server answers. Once it went silent, a write fails at once for
     * `probeMs`, then waits for one probe shared with every other write: answered, it is sent.
     */
    ready(): Promise<void> | undefined {
      if (silentAt === undefined) return undefined
      if (performance.now() - silentAt < probeMs) return Promise.reject(silence(false))
      return answers().then((outcome) => {
        if (outcome === 'silent') throw silence(false)
      })
    },
    /** Sends a write (`run`) and waits for its answer, or fails it once the server is silent. */
    async send<T>(run: () => Promise<T>): Promise<T> {
      const answer = run()
      for (;;) {
        const outcome = await within(answer, answerMs)
        if (outcome !== LATE) return outcome
        if ((await answers()) === 'answered') continue
        // Its answer, if one ever comes, has nobody left to read it.
        answer.catch(() => undefined)
        a.abandon()
        throw silence(true)
      }
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

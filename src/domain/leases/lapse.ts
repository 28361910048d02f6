/**
 * A lease this process could not renew for its whole time (docs/operations.md#a-pass-that-hangs): the database took
 * the requests and never answered them (a libSQL server whose host froze, packets dropped after the handshake), or
 * kept failing. By then another process may take the lease, and nothing else would ever end the run waiting on the
 * database, so the run is given up on. `since`: the last time the database answered for the lease.
 */
export class LeaseLapsed extends Error {
  constructor(
    readonly job: string,
    readonly since: string,
    readonly seconds: number,
  ) {
    super(`the ${job} lease lapsed: the database has not answered it since ${since} (${seconds} s)`)
    this.name = 'LeaseLapsed'
  }
}

/**
 * `call`'s answer, or LeaseLapsed once `ms` went by without one. A call that never answers would otherwise hold its
 * job for good; its late answer or failure, if it ever comes, is dropped.
 */
export function answeredWithin<T>(call: Promise<T>, ms: number, lapse: () => LeaseLapsed): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const lapsed = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(lapse()), ms)
  })
  call.catch(() => {})
  return Promise.race([call, lapsed]).finally(() => clearTimeout(timer))
}

import type { Needs } from '../needs'
import { leaseStanding } from './holder'

/** The database lease a polling pass holds while it runs, in any process on the database (jobs/poll-pass.ts). */
export const POLL_LEASE = 'keyword-polling'

/**
 * Whether a pass holds the polling lease and runs (leases/holder.ts leaseStanding), or stopped before it ended (its
 * process killed or hung, or cut off from the database): then when it last renewed the lease, and until when the
 * lease keeps the next pass out (null: its process on this machine is gone, and the next pass takes it over at once).
 * Every next pass the server names reads the lease here, so they agree: Getting started's (polling/team-progress.ts)
 * and each source's `nextPollAt` (sources/status.ts).
 */
export async function pollingPass(deps: Needs<'config', 'jobLeases'>, now: Date) {
  const lease = await deps.repos.jobLeases.live(POLL_LEASE)
  if (!lease) return { passRunning: false, stoppedPass: null }
  const standing = leaseStanding(lease.holder, lease.expiresInMs, deps.config.polling.lease_seconds * 1000)
  if (standing.running) return { passRunning: true, stoppedPass: null }
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString()
  return {
    passRunning: false,
    stoppedPass: {
      lastRenewedAt: at(-standing.sinceRenewalMs),
      heldUntil: standing.heldOn ? at(lease.expiresInMs) : null,
    },
  }
}

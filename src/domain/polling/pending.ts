import type { Mention } from '../../mention'
import type { Pair } from './cursor'
import type { Pass } from './state'
import { scoreAndStore } from './store'

// Pending mentions read per page when a pass picks up what earlier passes left.
const PENDING_PAGE = 500

/** Scores the mentions earlier passes fetched but could not score (scorer down, process stopped), page by page. */
export async function drainPending(pass: Pass, teamId?: string) {
  let after: Pair | undefined
  while (!pass.stop.aborted && !pass.scorer.unavailable()) {
    const page = await pass.deps.repos.polling.pendingPage<Mention>({ teamId, after, limit: PENDING_PAGE })
    if (page.length === 0) return
    await scoreAndStore(pass, page)
    after = page[page.length - 1]
  }
}

import type { Needs } from '../needs'
import type { Intent } from '../../scorers/types'
import type { SignalFilter } from '../../storage/repos/signals'
import type { Caller } from '../keys/authenticate'
import { charged } from '../quota/charge'

export type SignalListQuery = SignalFilter & { limit: number; offset: number; content: 'preview' | 'full' }

/** docs/api.md#order-and-paging: sorted by score, then publishedAt (both descending), then id; `contentFull` only with content=full. */
export async function listSignals(deps: Needs<'clock', 'signals' | 'usage'>, caller: Caller, q: SignalListQuery) {
  const full = q.content === 'full'
  const filter: SignalFilter = {
    keyword: q.keyword,
    intent: q.intent,
    platform: q.platform,
    minScore: q.minScore,
    since: q.since,
  }
  const { result, usage } = await charged(deps, caller, async () => {
    const [rows, total] = await Promise.all([
      deps.repos.signals.page(caller.team.id, filter, {
        limit: q.limit,
        offset: q.offset,
        full,
        version: caller.team.signalsVersion,
      }),
      deps.repos.signals.total(caller.team.id, caller.team.signalsVersion, filter),
    ])
    return { rows, total }
  })
  return {
    signals: result.rows.map(({ preview, contentFull, intent, ...row }) => ({
      ...row,
      intent: intent as Intent,
      content: preview,
      ...(full ? { contentFull } : {}),
    })),
    total: result.total,
    limit: q.limit,
    offset: q.offset,
    usage,
  }
}

import type { Needs } from '../needs'
import { noSignal } from '../feedback/rate'
import type { Intent } from '../../scorers/types'

/** One of the team's signals with its full text (`content` is the whole kept text); another team's id is not found. */
export async function openSignal(deps: Needs<never, 'signals'>, a: { teamId: string; id: string }) {
  const row = await deps.repos.signals.byId(a.teamId, a.id)
  if (!row) throw noSignal(a.id)
  const { preview, contentFull, intent, teamId: _team, ...rest } = row
  return { ...rest, intent: intent as Intent, content: contentFull ?? preview }
}

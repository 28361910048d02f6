import type { Client } from '@libsql/client'
import { quietWrite } from '../engine/quiet-writes'

// The SQL of the holds on a team's row (usage.ts): a unit taken for a call in flight is counted in its hold window,
// and the row keeps the counts of the newest two windows (the windows are the domain's, domain/quota/order.ts).

// The holds of the newest two windows, one more held in `window`, given the row's two counters as `inWindow` and
// `inPrevious`. A hold in a later window moves the counters along (every SET expression of an UPDATE reads the row
// as it was).
const holdIn = (
  window: string,
  inWindow = 'holds_in_window',
  inPrevious = 'holds_in_previous',
) => `hold_window = ${window},
  holds_in_previous = CASE WHEN hold_window = ${window} THEN ${inPrevious} WHEN hold_window = ${window} - 1 THEN ${inWindow} ELSE 0 END,
  holds_in_window = CASE WHEN hold_window = ${window} THEN ${inWindow} ELSE 0 END + 1`
// ?4 is the window of the reservation a take holds.
export const TAKE_HOLD = `, ${holdIn('?4')}`
// Settling `count` holds taken in window `window` subtracts them from that window's counter while it still counts.
const lessInWindow = (window: string, count: string) =>
  `CASE WHEN hold_window = ${window} THEN MAX(holds_in_window - ${count}, 0) ELSE holds_in_window END`
const lessInPrevious = (window: string, count: string) =>
  `CASE WHEN hold_window = ${window} + 1 THEN MAX(holds_in_previous - ${count}, 0) ELSE holds_in_previous END`
export const releaseHold = (window: string, count: string) => `
  holds_in_window = ${lessInWindow(window, count)},
  holds_in_previous = ${lessInPrevious(window, count)}`
// ?1 team, ?2 hold window, ?3 how many of its holds end. Quiet: holds are not part of a remembered team.
export const RELEASE = quietWrite(`UPDATE teams SET ${releaseHold('?2', '?3')} WHERE id = ?1`)
// ?1 team, ?2 the window a call's hold is in, ?3 a later one: settles it there and holds it again in ?3, in one
// statement, so no other process ever sees the unit neither free nor held; ?4 its receipt: only while the unit is out
// (a unit another server gave back had its hold settled with it). Quiet, as RELEASE.
export const MOVE_HOLD =
  quietWrite(`UPDATE teams SET ${holdIn('?3', lessInWindow('?2', '1'), lessInPrevious('?2', '1'))}
  WHERE id = ?1 AND (?4 IS NULL OR EXISTS (SELECT 1 FROM take_receipts WHERE id = ?4 AND taken = 1))`)
// ?1 team, ?2 month, ?3 limit, ?4 the current hold window.
const HOLDING = `SELECT usage_month, plan, usage_month = ?2 AND ((?3 IS NULL OR quota_used < ?3) OR credits > 0) AS free,
  CASE WHEN hold_window = ?4 THEN holds_in_window + holds_in_previous WHEN hold_window = ?4 - 1 THEN holds_in_window ELSE 0 END AS held
  FROM teams WHERE id = ?1`

/**
 * Whether a unit is free for `month`, how many units calls in flight hold in hold window `window` (any process), the
 * month the team's counters are in (later than `month` once a call of the new month moved them) and the team's plan
 * now (the operator may have moved it since the call began).
 */
export async function holdingOf(
  database: Client,
  a: { teamId: string; month: string; limit: number | null; window: number },
): Promise<{ free: boolean; held: number; month: string | undefined; plan: string | undefined }> {
  const rs = await database.execute({ sql: HOLDING, args: [a.teamId, a.month, a.limit, a.window] })
  const row = rs.rows[0]
  return {
    free: Boolean(row && Number(row.free)),
    held: row ? Number(row.held) : 0,
    month: row ? String(row.usage_month) : undefined,
    plan: row ? String(row.plan) : undefined,
  }
}

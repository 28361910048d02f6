import { quietWrite } from '../engine/quiet-writes'
import { releaseHold, TAKE_HOLD } from './usage-holds'

// The statements that take and give back a counted call's unit (usage.ts).
// Statements take numbered parameters (?1 is the team's id) so that one value can appear several times, and are
// built once: the engine keeps a prepared statement per SQL text.
const COUNTERS = 'RETURNING quota_used, credit_used, credits'
// ?1 team, ?2 month, ?3 monthly limit, ?4 hold window. An unlimited quota's units are taken in bulk instead
// (unlimited-takes.ts); a limited one's are always held.
export const TAKE_QUOTA = quietWrite(`UPDATE teams SET quota_used = quota_used + 1${TAKE_HOLD}
  WHERE id = ?1 AND usage_month = ?2 AND quota_used < ?3 ${COUNTERS}`)
const takeCredit = (hold: string) => `UPDATE teams SET credits = credits - 1, credit_used = credit_used + 1${hold}
  WHERE id = ?1 AND usage_month = ?2 AND credits > 0 ${COUNTERS}`
// Quiet writes (docs/performance.md#quiet-writes): the counters they return go to the keys repo (`onTaken`).
export const TAKE_CREDIT = quietWrite(takeCredit(''))
export const TAKE_CREDIT_HELD = quietWrite(takeCredit(TAKE_HOLD))
// ?1 team, ?2 month the unit was taken in, ?3 its hold window (null: not held). A unit taken before a month change is
// simply gone with the month; its hold is settled all the same.
export const GIVE_BACK_QUOTA = `UPDATE teams SET ${releaseHold('?3', '1')},
  quota_used = CASE WHEN usage_month = ?2 AND quota_used > 0 THEN quota_used - 1 ELSE quota_used END
  WHERE id = ?1`
// A credit outlives the month, but the turn tops the balance up to the plan's allowance (docs/api.md#the-month): one
// taken before the turn and given back after it is dropped while the top-up stood in for it, else returns.
export const GIVE_BACK_CREDIT = `UPDATE teams SET ${releaseHold('?3', '1')},
  credits = CASE WHEN usage_month = ?2 OR credits_topped_up = 0 THEN credits + 1 ELSE credits END,
  credits_topped_up = CASE WHEN usage_month <> ?2 AND credits_topped_up > 0 THEN credits_topped_up - 1
    ELSE credits_topped_up END,
  credit_used = CASE WHEN usage_month = ?2 AND credit_used > 0 THEN credit_used - 1 ELSE credit_used END
  WHERE id = ?1`

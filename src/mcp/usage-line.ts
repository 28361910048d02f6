import type { Caller } from '../domain/core/caller'
import type { Needs } from '../domain/needs'
import { usedUpMessage } from '../domain/quota/charge'
import { creditsLeft, type Usage } from '../domain/quota/usage'
import type { ToolOutcome } from './tool'

/**
 * A counted call's outcome: its readable `line`, then where the quota stands ("Quota: 3 used this month, 497 left.").
 * Once the monthly requests are spent, or on a plan without any, calls are paid from the team's credits
 * (docs/api.md#monthly-quota-then-credits): the line says how many are left after this call, and when none are, what
 * the next call's 429 will say, so that an assistant does not read that it may go on when it may not.
 */
export async function withUsageLine(
  deps: Needs<never, 'teams'>,
  caller: Caller,
  result: Record<string, unknown> & { usage: Usage },
  line: string,
): Promise<ToolOutcome> {
  const { used, limit, remaining } = result.usage
  const quota = `${line} Quota: ${used} used this month`
  if (remaining === null) return { result, summary: `${quota}, unlimited left.` }
  if (remaining > 0) return { result, summary: `${quota}, ${remaining} left.` }
  // Only here does the line need the credits, which the answer does not carry: read once, after the call.
  const credits = await creditsLeft(deps, caller.team.id)
  const next =
    credits > 0
      ? `${limit === 0 ? 'calls' : 'further calls'} are paid from the team's credits (${credits} left).`
      : `${usedUpMessage(caller.team.plan, caller.plan)}.`
  const where = limit === 0 ? '; this plan has no monthly requests: ' : ', 0 left: '
  return { result, summary: `${quota}${where}${next}` }
}

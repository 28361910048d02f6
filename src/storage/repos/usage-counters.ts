// A team's counters as every statement that changes them returns them, apart from unlimited-takes.ts and usage.ts:
// both read them, and the domain's report (domain/quota/usage.ts) names their type.

/** A team's counters of this month, as the statements that change them return them. */
export type Counters = { quotaUsed: number; creditUsed: number; credits: number }

/** The counters a statement's `RETURNING quota_used, credit_used, credits` gave. */
export const countersOf = (row: Record<string, unknown>): Counters => ({
  quotaUsed: Number(row.quota_used),
  creditUsed: Number(row.credit_used),
  credits: Number(row.credits),
})

import * as v from 'valibot'

// Field types shared by the configuration's tables.
export const httpUrl = v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//, 'must be an http(s) URL'))
export const timeoutMs = (fallback = 10_000) =>
  v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(600_000)), fallback)
/** A score on the scorers' 0-10 scale (docs/scoring.md#score-bands). */
export const score = (fallback: number) => v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(10)), fallback)
export const probability = (fallback: number) => v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1)), fallback)
/** A key that no longer applies: refused with what replaced it, rather than silently ignored. */
export const retired = (message: string) => v.optional(v.custom<never>(() => false, message))

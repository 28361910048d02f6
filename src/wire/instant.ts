import * as v from 'valibot'

/**
 * An instant in an answer: always UTC ISO 8601 with its zone, as `toISOString()` writes it (a post's date, normalised
 * by its connector; a time the server took). `format: date-time` in the OpenAPI document tells Swagger UI and
 * generated clients so (docs/api.md#api-documentation). Only said, never checked: the server writes these itself.
 */
export const Instant = v.pipe(v.string(), v.metadata({ format: 'date-time' }))

/** An instant, or null where there is none (it has not happened, or nothing is due). */
export const MaybeInstant = v.nullable(Instant)

import { Elysia } from 'elysia'

/**
 * docs/api.md#error-shape: each query parameter as the text it was given, a parameter given twice as a list (which
 * the schemas refuse: "must be given once"). Elysia's own parsing for valibot schemas splits a value at every comma
 * and reads one in brackets or braces as JSON, so `keyword="acme, inc" crm`, a keyword the team may track
 * (docs/queries.md), was refused as given twice by the signals list and both exports. Runs before validation.
 */
export const queryText = () =>
  new Elysia({ name: 'query-text' }).onTransform({ as: 'global' }, (context) => {
    const at = context.request.url.indexOf('?')
    if (at === -1) return
    const query: Record<string, string | string[]> = {}
    for (const [key, value] of new URLSearchParams(context.request.url.slice(at + 1))) {
      const before = query[key]
      query[key] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value]
    }
    // Elysia types a query as single values; a repeated one is a list here, as in its own parsing.
    ;(context as { query: unknown }).query = query
  })

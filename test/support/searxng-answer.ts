/** A SearXNG JSON answer in the shape of searx/webutils.get_json_response; `extra` replaces or adds fields. */
export const searxngPage = (results: unknown[], extra: Record<string, unknown> = {}) =>
  Response.json({
    query: 'crm',
    number_of_results: 0,
    results,
    answers: [],
    corrections: [],
    infoboxes: [],
    suggestions: [],
    unresponsive_engines: [],
    ...extra,
  })

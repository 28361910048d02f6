import * as v from 'valibot'

/**
 * The ids in request paths, as the OpenAPI document says them (docs/api.md#api-documentation): what each names and
 * what it looks like. The pattern is for clients, not checked: an id that does not match names nothing and is
 * answered 404 not_found, as an unknown one is.
 */
const id = (pattern: string, text: string) => v.pipe(v.string(), v.metadata({ pattern }), v.description(text))
// lib/ids.ts: a kind's prefix, then random bytes in base64url; a delivery made by the database is hex.
const made = (prefix: string) => `^${prefix}_[A-Za-z0-9_-]+$`

const signal = id(made('sig'), "A signal's id (`sig_…`), as GET /api/v1/signals lists it.")
// storage/repos/people-figures.ts: a person's id is a hash of its team, platform and author.
const person = (what: string) =>
  id('^per_[0-9a-f]{24}$', `${what} (\`per_\` and 24 hex digits), as GET /api/v1/people lists it.`)
const endpoint = id(made('whe'), "A webhook endpoint's id (`whe_…`), as POST /api/v1/webhooks answered it.")
const delivery = id(
  made('msg'),
  "A delivery's id (`msg_…`), as the endpoint's delivery log (GET /api/v1/webhooks/{id}/deliveries) lists it.",
)

export const SignalPath = v.object({ id: signal })
export const PersonPath = v.object({ id: person("The person's id") })
export const PersonLinkPath = v.object({ id: person("The person's id"), otherId: person('The linked person id') })
export const EndpointPath = v.object({ id: endpoint })
export const DeliveryPath = v.object({ id: endpoint, deliveryId: delivery })

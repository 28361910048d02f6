/**
 * The checks of a destination's body that have no JSON Schema form of their own (a valibot `check`, a rule of
 * domain/webhooks), written out for the OpenAPI document: without them it took `{}` for a valid body of both routes,
 * which the server refuses (test/http/openapi-empty-body.test.ts).
 */

/** `POST /api/v1/webhooks`: a destination has an address, `to` for kind email and `url` for every other kind. */
export const HAS_ADDRESS = {
  if: { properties: { kind: { const: 'email' } }, required: ['kind'] },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else, a schema's keyword never awaited
  then: { required: ['to'] },
  else: { required: ['url'] },
}

/**
 * `PATCH /api/v1/webhooks/{id}`: a change names at least one field. Its example, as Swagger UI's own sample set every
 * field, to "string" and a quiet hour from 23 to 23: refused twice over.
 */
export const UPDATE_DOCS = {
  examples: [{ minScore: 8, quietHours: { from: 22, to: 7 }, timeZone: 'Europe/Berlin' }],
  minProperties: 1,
}

import { openapi } from '@elysiajs/openapi'
import { toJsonSchema } from '@valibot/to-json-schema'
import type * as v from 'valibot'
import pkg from '../../package.json'

/** Swagger UI at /swagger and the spec at /swagger/json, built from the same valibot schemas that validate. */
export const docs = () =>
  openapi({
    path: '/swagger',
    specPath: '/swagger/json',
    provider: 'swagger-ui',
    documentation: {
      info: {
        title: 'lead-signals',
        version: pkg.version,
        description: 'Self-hosted social listening and B2B lead qualification. Send your key in the x-api-key header.',
      },
      components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } } },
    },
    // errorMode 'ignore' keeps the rest of a schema when one part (a transform) has no JSON Schema form.
    mapJsonSchema: { valibot: (schema: v.GenericSchema) => toJsonSchema(schema, { errorMode: 'ignore' }) },
  })

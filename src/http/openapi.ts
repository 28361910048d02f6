import { openapi } from '@elysiajs/openapi'
import { Elysia } from 'elysia'
import type * as v from 'valibot'
import pkg from '../../package.json'
import { SECURITY_SCHEMES } from './api-security'
import { descriptionsOutOfSchemas } from './descriptions-out-of-schemas'
import { openApiSchema } from './openapi-schema'
import { SPEC_PATH } from './swagger/page'
import { swaggerUi } from './swagger/routes'

/**
 * The OpenAPI document at /swagger/json, built from the same valibot schemas that validate, and Swagger UI at
 * /swagger served from the executable (the plugin's own page loads its script from a CDN, so it has none: null).
 */
export const docs = () =>
  new Elysia({ name: 'docs' })
    // The plugin's own route serves the document; its headers and parameters are finished here
    // (http/descriptions-out-of-schemas.ts).
    .onAfterHandle(({ path, responseValue }) => {
      if (path === SPEC_PATH) descriptionsOutOfSchemas(responseValue)
    })
    .use(swaggerUi())
    .use(
      openapi({
        path: '/swagger',
        specPath: SPEC_PATH,
        provider: null,
        documentation: {
          info: {
            title: 'lead-signals',
            version: pkg.version,
            description:
              'Self-hosted social listening and B2B lead qualification. Send your key in the x-api-key header, or an OAuth ' +
              'access token as Authorization: Bearer. The guide to this API, with what a schema cannot say (the order ' +
              'of the checks, the quota, paging): [docs/api.md](/docs/api). Back to [the console](/).',
          },
          components: { securitySchemes: SECURITY_SCHEMES },
        },
        mapJsonSchema: { valibot: (schema: v.GenericSchema) => openApiSchema(schema) },
      }),
    )

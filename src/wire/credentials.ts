import type { Config } from '../config/schema'
import type { Credentials } from '../domain/oauth/identify'
import { publicBase } from '../domain/oauth/resources'

/**
 * What a REST or MCP request presents to be identified (docs/api.md#authentication). The service's address is only
 * read for an OAuth token, so it is made when asked for: parsing the request's URL was 1% of a scoring request's CPU
 * (docs/performance.md#where-an-api-request-spends-its-time).
 */
export const credentialsOf = (config: Pick<Config, 'server'>, request: Request): Credentials => ({
  apiKey: request.headers.get('x-api-key'),
  authorization: request.headers.get('authorization'),
  base: () => publicBase(config, request.url),
})

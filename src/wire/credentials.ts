import type { Config } from '../config/schema'
import type { Credentials } from '../domain/keys/identify'
import { publicBase } from '../domain/oauth/resources'

/** What a REST or MCP request presents to be identified (docs/api.md#authentication). */
export const credentialsOf = (config: Pick<Config, 'server'>, request: Request): Credentials => ({
  apiKey: request.headers.get('x-api-key'),
  authorization: request.headers.get('authorization'),
  base: publicBase(config, request.url),
})

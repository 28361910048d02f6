import api from '../../../docs/api.md' with { type: 'text' }
import console from '../../../docs/console.md' with { type: 'text' }
import destinations from '../../../docs/destinations.md' with { type: 'text' }
import oauth from '../../../docs/oauth.md' with { type: 'text' }
import operations from '../../../docs/operations.md' with { type: 'text' }
import people from '../../../docs/people.md' with { type: 'text' }
import platforms from '../../../docs/platforms.md' with { type: 'text' }
import queries from '../../../docs/queries.md' with { type: 'text' }
import scoring from '../../../docs/scoring.md' with { type: 'text' }
import security from '../../../docs/security.md' with { type: 'text' }
import streams from '../../../docs/streams.md' with { type: 'text' }
import webhooks from '../../../docs/webhooks.md' with { type: 'text' }
import behaviour from '../../../docs/behaviour.md' with { type: 'text' }

/**
 * The user's documents, built into the executable so that /docs/NAME answers wherever it runs (a user of the
 * executable has no docs/ folder). How the service is built and tuned (architecture, performance) stays in the repo.
 */
export const DOC_PAGES: Record<string, { title: string; text: string }> = {
  queries: { title: 'Keyword queries', text: queries },
  console: { title: 'The web console', text: console },
  platforms: { title: 'Platforms and their settings', text: platforms },
  scoring: { title: 'Scoring', text: scoring },
  destinations: { title: 'Destinations: e-mail, Discord, Teams', text: destinations },
  webhooks: { title: 'Webhooks and Slack', text: webhooks },
  streams: { title: 'Streams', text: streams },
  people: { title: 'People', text: people },
  api: { title: 'HTTP API', text: api },
  oauth: { title: 'OAuth and MCP', text: oauth },
  operations: { title: 'Running the service', text: operations },
  security: { title: 'Security', text: security },
  behaviour: { title: 'Behaviour in detail', text: behaviour },
}

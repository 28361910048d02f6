// A fake Product Hunt API v2's pieces: POST /v2/api/graphql answered with the posts connection (edges/node,
// pageInfo; docs/platforms.md#producthunt), and the connector pointed at it, for the Product Hunt connector's tests.
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createProducthuntConnector } from '../../src/platforms/producthunt/connector'
import type { Received } from '../support/fake-upstream'

export const connector = (origin: string, env: Record<string, string> = {}, lines: string[] = [], now?: () => number) =>
  createProducthuntConnector(
    loadConfig({
      env: {
        LEAD_SIGNALS_PLATFORMS_PRODUCTHUNT_BASE_URL: origin,
        LEAD_SIGNALS_PLATFORMS_PRODUCTHUNT_TOKEN: 'ph_dev_token',
        ...env,
      },
    }).platforms.producthunt,
    createLogger((l) => lines.push(l)),
    now,
  )

const REDACTED = { name: '[REDACTED]', username: '[REDACTED]', url: '[REDACTED]' }
export const post = (n: number, extra: Record<string, unknown> = {}) => ({
  id: String(900000 + n),
  name: `Acme ${n}`,
  tagline: 'CRM for indie teams',
  description: `Track every deal (${n}).`,
  url: `https://www.producthunt.com/posts/acme-${n}`,
  website: `https://www.producthunt.com/r/ACME${n}`,
  slug: `acme-${n}`,
  createdAt: '2026-03-01T08:01:00Z',
  votesCount: 210,
  commentsCount: 34,
  user: REDACTED,
  ...extra,
})
export const other = (n: number) =>
  post(n, { name: `Widget ${n}`, tagline: 'Photos, but faster', description: 'Nothing to see.' })
export const answer = (nodes: unknown[], endCursor: string | null, hasNextPage: boolean) =>
  Response.json({
    data: { posts: { pageInfo: { endCursor, hasNextPage }, edges: nodes.map((node) => ({ cursor: 'x', node })) } },
  })
export const body = (r: Received) =>
  JSON.parse(r.body) as { query: string; variables: { first: number; after: string | null } }

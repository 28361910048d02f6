// A fake GitHub REST API's pieces, answering /search/issues in the documented shape (total_count, incomplete_results,
// items; docs/platforms.md#github), and the connector pointed at it, for the GitHub connector's test files.
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createGithubConnector } from '../../src/platforms/github/connector'

export const connector = (origin: string, env: Record<string, string> = {}, lines: string[] = []) =>
  createGithubConnector(
    loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_GITHUB_BASE_URL: origin, ...env } }).platforms.github,
    createLogger((l) => lines.push(l)),
  )

export const issue = (n: number, extra: Record<string, unknown> = {}) => ({
  id: 2900000000 + n,
  number: n,
  node_id: `I_${n}`,
  title: `Looking for a CRM #${n}`,
  body: `Body ${n}`,
  html_url: `https://github.com/acme/app/issues/${n}`,
  repository_url: 'https://api.github.com/repos/acme/app',
  user: { login: 'octo', id: 1, html_url: 'https://github.com/octo', type: 'User' },
  state: 'open',
  comments: 4,
  created_at: '2026-03-01T12:00:00Z',
  updated_at: '2026-03-02T08:00:00Z',
  reactions: { url: 'https://api.github.com/repos/acme/app/issues/1/reactions', total_count: 7, '+1': 5, heart: 2 },
  score: 1,
  ...extra,
})
export const page = (items: unknown[]) => Response.json({ total_count: items.length, incomplete_results: false, items })

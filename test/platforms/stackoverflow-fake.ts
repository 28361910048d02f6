// A fake Stack Exchange API 2.3's pieces: /search/advanced answers in the common wrapper, always gzip-compressed, as
// the real one does (api.stackexchange.com/docs/compression; docs/platforms.md#stackoverflow), and the connector
// pointed at it, for the Stack Overflow connector's test files.
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createStackoverflowConnector } from '../../src/platforms/stackoverflow/connector'

export const gzipJson = (body: unknown, status = 200) =>
  new Response(Bun.gzipSync(JSON.stringify(body)), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'gzip' },
  })
export const wrapper = (items: unknown[], extra: Record<string, unknown> = {}) =>
  gzipJson({ items, has_more: false, quota_max: 10000, quota_remaining: 9987, ...extra })

export const connector = (origin: string, env: Record<string, string> = {}, lines: string[] = []) =>
  createStackoverflowConnector(
    loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_STACKOVERFLOW_BASE_URL: origin, ...env } }).platforms.stackoverflow,
    createLogger((l) => lines.push(l)),
  )

export const question = (n: number, extra: Record<string, unknown> = {}) => ({
  tags: ['crm', 'typescript'],
  owner: {
    account_id: 7,
    reputation: 101,
    user_id: 123,
    user_type: 'registered',
    display_name: 'Jos&#233; &amp; Co',
    link: 'https://stackoverflow.com/users/123/jose',
  },
  is_answered: true,
  view_count: 40,
  answer_count: 2,
  score: 3,
  last_activity_date: 1772370000,
  creation_date: 1772366400 - n * 60,
  question_id: 79000000 + n,
  link: `https://stackoverflow.com/questions/${79000000 + n}/which-crm`,
  title: `Which &quot;CRM&quot; has an API? #${n}`,
  body: `<p>We need a CRM &amp; an API, question ${n}.</p>`,
  ...extra,
})

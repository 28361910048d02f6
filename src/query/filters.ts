import { EARLIER_ONLY_SOURCES, SEARCH_PLATFORMS } from '../config/platform-names'
import type { FilterNode } from './ast'
import { DETECTED_LANGUAGES } from './languages'
import type { FieldName } from './lexer'

const LANGUAGE = /^[a-z]{2}$/
const DOMAIN_WITH_PATH = /^[^/]*\.[^/]*\//

/** A filter's value, checked and written the way matching compares it (docs/queries.md#filters). */
export function filterOf(
  field: Exclude<FieldName, 'title'>,
  raw: string,
  at: number,
  fail: (position: number, expected: string) => never,
): FilterNode {
  const valueAt = at + field.length + 1
  const value = raw.trim().toLowerCase()
  switch (field) {
    case 'platform':
      // The earlier route's own networks are never polled nor kept as signals: a filter on one would match nothing.
      if ((EARLIER_ONLY_SOURCES as readonly string[]).includes(value))
        fail(valueAt, `a polled platform (${value} is searched only by the earlier route, POST /api/routes/search)`)
      if (!(SEARCH_PLATFORMS as readonly string[]).includes(value))
        fail(valueAt, `a platform: ${SEARCH_PLATFORMS.join(', ')}`)
      return { kind: 'filter', at, field, value }
    case 'lang':
      if (!LANGUAGE.test(value)) fail(valueAt, 'a two-letter language code (ISO 639-1) such as en or de')
      if (!DETECTED_LANGUAGES.includes(value))
        fail(valueAt, `a language the detector tells apart: ${DETECTED_LANGUAGES.join(', ')}`)
      return { kind: 'filter', at, field, value }
    case 'type':
      if (value !== 'post' && value !== 'comment') fail(valueAt, 'post or comment')
      return { kind: 'filter', at, field, value }
    case 'author':
      return { kind: 'filter', at, field, value: value.replace(/^@/, '') }
    case 'subreddit':
      return { kind: 'filter', at, field: 'site', value: `r/${value.replace(/^\/?r\//, '')}` }
    case 'site': {
      const site = siteValue(value)
      // A post's community is its subreddit, repository or host, never a page path: a domain with a path after it
      // (site:techcrunch.com/2024) could match nothing. A GitHub owner and a subreddit hold no dot.
      if (DOMAIN_WITH_PATH.test(site))
        fail(valueAt, `a community or a domain without a path: site:${site.slice(0, site.indexOf('/'))}`)
      return { kind: 'filter', at, field, value: site }
    }
  }
}

/** A site as written, without a scheme, `www.` or a trailing slash: `r/saas`, `superuser.com`, `owner/repo`. */
const siteValue = (value: string) =>
  value
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/^\/r\//, 'r/')
    .replace(/\/+$/, '')

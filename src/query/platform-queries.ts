import type { SearchPlatform } from '../config/platform-names'
import type { FilterNode } from './ast'
import type { Dialect } from './dialect'
import { nativeQuery, nativeSearch, requiredFilters } from './native'
import { readQuery } from './parse'

// Each platform's own search for a keyword query (docs/queries.md#per-platform). What a platform cannot express
// is left out, never guessed: every post it returns is then matched against the whole query.

/**
 * An `author:` value as a platform's author operator takes it (X's and Bluesky's from:, Reddit's and GitHub's author:,
 * Algolia's author_ tag): one username, of letters, digits, `_`, `-` and `.` (a Bluesky handle is a domain). Any other
 * name (`author:"jane doe"`, a name as a YouTube channel or a byline shows it) is undefined and left to matching
 * (docs/queries.md#filters): sent, its space or punctuation would be read as more of the search.
 */
const username = (f: FilterNode) => (/^[a-z0-9_.-]+$/.test(f.value) ? f.value : undefined)
const as = (operator: string, value: string | undefined) => (value === undefined ? undefined : `${operator}${value}`)

const minus = (text: string) => (text.startsWith('-') ? text.slice(1) : `-${text}`)
const subreddit = (site: string) =>
  /^r\/[\w-]+$/.test(site) ? site.slice(2) : /^[\w-]+$/.test(site) ? site : undefined

/**
 * The languages X classifies posts in, as its lang: takes them (X's list of operators): of the codes lang: accepts
 * (languages.ts), these, and Hebrew, which X names iw. X has no Chinese without a script (zh-CN, zh-TW), no Malay
 * (Indonesian is in), nor az, be, ku, sq or yo: sent, such a lang: would find no post, so it is left to matching.
 */
const X_LANGUAGES = new Set(
  (
    'am ar bg bn ca cs da de el en es et eu fa fi fr gu hi hr hu hy is it ja ka kn ko lo lt lv ml mr nl no or pa pl ' +
    'pt ro ru sk sl sr sv ta te th tl tr uk ur vi'
  ).split(' '),
)
const xLanguage = (code: string) => (code === 'he' ? 'iw' : X_LANGUAGES.has(code) ? code : undefined)

/**
 * X API v2 search: OR, -, "phrases", ( ), from:, lang: (X_LANGUAGES), is:reply; 512 characters with our
 * `( ) -is:retweet`. A keyword with punctuation in it matches only in quotes (X's list of operators).
 */
export const X_QUERY_MAX = 512 - '() -is:retweet'.length
const X: Dialect = {
  or: 'OR',
  // X's build-a-query: "Do not negate a set of operators grouped together", so a group is never sent negated.
  not: (text, node) => (node.kind === 'and' || node.kind === 'or' ? undefined : minus(text)),
  negatesEach: true,
  quotePunctuated: true,
  maxLength: X_QUERY_MAX,
  filter: (f) =>
    f.field === 'author'
      ? as('from:', username(f))
      : f.field === 'lang'
        ? as('lang:', xLanguage(f.value))
        : f.field === 'type'
          ? f.value === 'comment'
            ? 'is:reply'
            : '-is:reply'
          : undefined,
}
export const twitterQuery = (keyword: string) => nativeQuery(readQuery(keyword), X)

/** Reddit search: OR, NOT, "phrases", ( ), subreddit:, author:, title:. */
const REDDIT: Dialect = {
  or: 'OR',
  not: (text) => `NOT ${text}`,
  title: (text) => `title:${text}`,
  filter: (f) => {
    if (f.field === 'author') return as('author:', username(f))
    const name = f.field === 'site' ? subreddit(f.value) : undefined
    return name ? `subreddit:${name}` : undefined
  },
}
export const redditQuery = (keyword: string) => nativeQuery(readQuery(keyword), REDDIT)

/** GitHub issue search: OR, NOT / -qualifier, "phrases", ( ), repo:, user:, author:; 256 characters, 5 operators. */
const GITHUB: Dialect = {
  or: 'OR',
  // NOT "can only be used for string keywords" (GitHub's search syntax): never before a group.
  not: (text, node) => (node.kind === 'filter' ? `-${text}` : node.kind === 'term' ? `NOT ${text}` : undefined),
  negatesEach: true,
  maxLength: 256 - ' is:issue'.length,
  maxOperators: 5,
  filter: (f) =>
    f.field === 'author'
      ? as('author:', username(f))
      : f.field === 'site' && /^[\w-]+(\/[\w.-]+)?$/.test(f.value) && !f.value.startsWith('r/')
        ? `${f.value.includes('/') ? 'repo' : 'user'}:${f.value}`
        : undefined,
}
export const githubQuery = (keyword: string) => nativeQuery(readQuery(keyword), GITHUB)

/** YouTube search.list q: | for OR and - for NOT, as documented, with no parentheses. */
const YOUTUBE: Dialect = { or: '|', not: minus, flat: true }
export const youtubeQuery = (keyword: string) => nativeQuery(readQuery(keyword), YOUTUBE)

/**
 * Google News search: OR, -, "phrases", ( ), site:, intitle:. Google's minus leaves out a word or a phrase, never a
 * group: `-(a OR b)` asked for a or b (docs/platforms.md#keyword-queries), so it is written -a -b.
 */
export const newsQuery = (keyword: string) =>
  nativeQuery(readQuery(keyword), {
    or: 'OR',
    not: (text, node) => (node.kind === 'and' || node.kind === 'or' ? undefined : minus(text)),
    negatesEach: true,
    title: (text) => `intitle:${text}`,
    filter: (f) => (f.field === 'site' && f.value.includes('.') ? `site:${f.value}` : undefined),
  })

/** Bluesky searchPosts q: words, "phrases", -word, from: and lang: (no OR). */
const BLUESKY: Dialect = {
  not: minus,
  filter: (f) => (f.field === 'author' ? as('from:', username(f)) : f.field === 'lang' ? `lang:${f.value}` : undefined),
}
export const blueskyQuery = (keyword: string) => nativeQuery(readQuery(keyword), BLUESKY)

// Algolia excludes a word after a minus and documents nothing else: a phrase, or a word it splits (follow-up), is left
// to matching rather than risk being read as required. Its query is at most 512 bytes (Algolia's reference of the
// query parameter), refused past that.
const ALGOLIA: Dialect = {
  not: (text) => (/^[\p{L}\p{N}\p{M}]+$/u.test(text) ? minus(text) : undefined),
  maxBytes: 512,
}

/**
 * Hacker News (Algolia, advancedSyntax=1): words, "phrases" and -word (a single word) in `query`; an author and
 * story or comment as tags, which Algolia requires all of (a comma between tags is AND, a parenthesised list is OR).
 */
export function algoliaQuery(keyword: string): { query: string; tags: string } {
  const parsed = readQuery(keyword)
  const query = nativeQuery(parsed, ALGOLIA)
  const filters = requiredFilters(parsed.root)
  const type = filters.find((f) => f.field === 'type')?.value
  const author = filters.find((f) => f.field === 'author')
  const tags = [type === 'post' ? 'story' : type === 'comment' ? 'comment' : '(story,comment)']
  const tag = author && as('author_', username(author))
  if (tag) tags.push(tag)
  return { query, tags: tags.join(',') }
}

/**
 * Platforms that take plain words (Stack Exchange, Mastodon, DEV, Medium's tags, Substack, search engines, the
 * providers): the words and phrases every match must have, quoted phrases where `quotes`.
 */
export const plainQuery = (keyword: string, quotes = true) => {
  const text = nativeQuery(readQuery(keyword), {})
  return quotes ? text : text.replaceAll('"', '')
}

const DIALECTS: Partial<Record<SearchPlatform, Dialect>> = {
  twitter: X,
  reddit: REDDIT,
  github: GITHUB,
  youtube: YOUTUBE,
  bluesky: BLUESKY,
  hackernews: ALGOLIA,
}

/**
 * What a polling pass sends the platform's search for the keyword, and whether it asks for every alternative (the
 * plain words where `plain`: Reddit through an Apify actor); undefined for Product Hunt, which is sent nothing (its
 * newest launches are read and matched).
 */
export const searchSent = (platform: SearchPlatform, keyword: string, plain = false) =>
  platform === 'producthunt' ? undefined : nativeSearch(readQuery(keyword), (!plain && DIALECTS[platform]) || {})

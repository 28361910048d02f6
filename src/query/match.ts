import type { FilterNode, Query, QueryNode } from './ast'
import { evaluate } from './scope'
import { communityOf, siteMatches } from './site'
import { type MatchText, matchText, occursIn } from './term-pattern'

/** What a query is matched against: a fetched post, or a stored signal for the console's preview. */
export type MatchablePost = {
  platform: string
  author: string
  content: string
  url: string
  /** A news article's publisher site, which `site:` names (the article's own address is a redirect). */
  profileUrl?: string
  /** Posts with a title (Reddit, Hacker News stories, GitHub issues, questions); `title:` never matches without one. */
  title?: string
  /** `post` unless the platform says it is a comment or a reply. */
  kind?: 'post' | 'comment'
}

/** The language of a text as an ISO 639-1 code, undefined when too short to tell (the domain's detector). */
type DetectLanguage = (text: string) => string | undefined

/** What the queries ask of a post, each read once however many queries are matched against it (a stream's posts). */
type PostFacts = ReturnType<typeof postFacts>

export function postFacts(post: MatchablePost, detect?: DetectLanguage) {
  let text: MatchText | undefined
  let title: MatchText | undefined
  let language: { code: string | undefined } | undefined
  return {
    text: () => (text ??= matchText(`${post.title ?? ''}\n${post.content}`)),
    title: () => (title ??= matchText(post.title ?? '')),
    language: () => {
      language ??= { code: detect?.(post.content) }
      return language.code
    },
  }
}

/**
 * Whether the post matches the whole query (docs/queries.md#matching): every word and phrase as whole words in the
 * title or text, case-insensitive, each filter on what the post says of itself.
 */
export function matchesQuery(
  query: Query,
  post: MatchablePost,
  detect?: DetectLanguage,
  facts: PostFacts = postFacts(post, detect),
): boolean {
  const holds = (node: QueryNode): boolean => {
    switch (node.kind) {
      case 'and':
        return node.items.every(holds)
      case 'or':
        return node.items.some(holds)
      case 'not':
        return !holds(node.item)
      case 'term':
        return occursIn(node, node.inTitle ? facts.title() : facts.text())
      case 'filter':
        return filterHolds(node, post, facts.language)
    }
  }
  return holds(query.root)
}

function filterHolds(node: FilterNode, post: MatchablePost, language: () => string | undefined): boolean {
  switch (node.field) {
    case 'platform':
      return post.platform === node.value
    case 'author':
      return post.author.toLowerCase().replace(/^@/, '') === node.value
    case 'type':
      return (post.kind ?? 'post') === node.value
    case 'lang':
      return language() === node.value
    case 'site':
      return siteMatches(
        node.value,
        communityOf(post.platform, post.platform === 'news' && post.profileUrl ? post.profileUrl : post.url),
      )
  }
}

/**
 * Whether text may match the query, judging its words only (filters and `title:` are unknown): for connectors that
 * read posts without a keyword search and keep those worth returning (Product Hunt, Substack).
 */
export function mayMatchText(query: Query, text: string): boolean {
  const subject = matchText(text)
  return evaluate(query.root, (n) => (n.kind === 'term' && !n.inTitle ? occursIn(n, subject) : undefined)) !== false
}

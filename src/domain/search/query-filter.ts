import type { Query } from '../../query/ast'
import { matchesQuery, type MatchablePost } from '../../query/match'
import { readQuery } from '../../query/parse'
import { usesField } from '../../query/scope'
import { languageOf, loadLanguageDetector } from './language'

const detect = (text: string) => {
  const language = languageOf(text)
  return language === 'und' ? undefined : language
}

/** Whether a post matches the whole query; the language detector is loaded only for a query with `lang:`. */
export async function postMatcher(query: Query): Promise<(post: MatchablePost) => boolean> {
  if (usesField(query.root, 'lang')) await loadLanguageDetector()
  return (post) => matchesQuery(query, post, detect)
}

/**
 * The matcher of a tracked keyword (docs/queries.md#matching), for what a platform's own search returned: it is
 * broader than the query, so this runs on every fetched post before anything is scored or shown.
 */
export const queryFilter = (keyword: string) => postMatcher(readQuery(keyword))

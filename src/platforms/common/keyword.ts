import { mayMatchText } from '../../query/match'
import { readQuery } from '../../query/parse'

/**
 * Whether the texts may match the keyword query by their words (docs/queries.md#matching; filters are judged later
 * on the whole post). Used where a platform has no keyword search of its own (Product Hunt) or searches loosely by
 * meaning (Substack): "crm tool" keeps "a tool for your CRM", and an excluded word drops the post.
 */
export function matchesKeyword(keyword: string, ...texts: (string | null | undefined)[]): boolean {
  return mayMatchText(readQuery(keyword), texts.filter(Boolean).join('\n'))
}

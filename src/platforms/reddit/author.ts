import { authorOr } from '../common/mapping'
import type { Mention } from '../../mention'

// Reddit's own name for a deleted account; no username can hold brackets.
const DELETED = '[deleted]'

/**
 * A Reddit post's author and profile: `[deleted]`, as Reddit names a deleted account and as it stands in for a name
 * an answer leaves out, is no one's (docs/people.md#who-is-a-person) and has no profile page; anyone else's profile
 * is `given` (a provider's), else their page on reddit.com.
 */
export function redditAuthor(name: string, given = ''): Pick<Mention, 'author' | 'authorKnown' | 'profileUrl'> {
  const author = authorOr(name === DELETED ? '' : name, DELETED)
  if (author.authorKnown === false) return { ...author, profileUrl: '' }
  return { ...author, profileUrl: given || `https://www.reddit.com/user/${encodeURIComponent(author.author)}` }
}

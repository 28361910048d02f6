import { SEARCH_PLATFORMS } from '../../config/platform-names'
import { POST_ID_CHARS } from '../../platforms/common/web-urls'
import type { ImportedSignal } from './import-schema'

// docs/operations.md#importing-signals: polling keys a post as its platform's name, a colon, then its id there
// (hackernews:42), and one signal is kept per key (docs/operations.md#exactly-once). A file from another tool gives
// the id alone: the line's platform says whose it is, so it is keyed as a poll would key the same post.
type Named = Pick<ImportedSignal, 'platform' | 'postId' | 'id' | 'url'>

/**
 * The field that names the post, and its text: `postId`; else `id`, which an export writes for the signal's id beside
 * `postId`, and a file without `postId` (an export before it was added, or one by hand) for the post's; none: the url.
 */
const named = (s: Named) =>
  s.postId !== undefined
    ? { field: 'postId', id: s.postId }
    : s.id !== undefined
      ? { field: 'id', id: s.id }
      : undefined

/**
 * The platform whose name (and a colon) the id starts with, if any; the line's own for its url, which keys a post
 * an import stored without an id (and an export writes as its postId), so that such a file imports again as it was.
 */
const keyedFor = (id: string, s: Named) =>
  id === s.url ? s.platform : SEARCH_PLATFORMS.find((p) => id.startsWith(`${p}:`))

/** Why the line's post id cannot be keyed as polling keys it, or undefined. */
export function postIdIssue(s: Named): string | undefined {
  const given = named(s)
  if (!given) return undefined
  const { field, id } = given
  const other = keyedFor(id, s)
  if (other === s.platform) return undefined
  if (other) return `${field}: names a ${other} post (${other}:…), but platform is ${s.platform}`
  // A status id is the instance's own (platforms/mastodon/connector.ts): the id alone names no instance.
  if (s.platform === 'mastodon')
    return `${field}: a Mastodon id is its instance's own: give it as mastodon:INSTANCE:ID (the instance it was found on, as an export writes it), or leave ${field} out for the url to stand for the post`
  if (s.platform.length + 1 + id.length > POST_ID_CHARS)
    return `${field}: must be at most ${POST_ID_CHARS} characters with "${s.platform}:" before it (an id polling keys is no longer)`
  return undefined
}

/** The post's key: the id as given when it is keyed so, else with the platform's name before it; or the url. */
export function postKey(s: Named): string {
  const given = named(s)
  if (!given) return s.url
  return keyedFor(given.id, s) === s.platform ? given.id : `${s.platform}:${given.id}`
}

import { countPosition } from '../stream'
import { commitKey } from './jetstream-event'

// What is read of a Jetstream event too large to decode (jetstream-message.ts, tooLarge): its first fields, from its
// first bytes. JSON lets any character of a string be written as an escape of six bytes (`\u002e` is '.'), so the
// head holds a did and record key of atproto's longest written that way (2,048 and 512 characters), a collection's
// 317 and the fields between: what is not closed within it is longer than atproto's syntax allows.
const HEAD_CHARS = 20 * 1024

// A JSON string as written, quotes and escapes included (decoded by JSON.parse).
const STRING = String.raw`"(?:[^"\\]|\\.)*"`
const DID = new RegExp(`"did":(?:(${STRING})|")`)
// A commit's fields before its record, as Jetstream writes them: its rev, operation, collection and record key
// (github.com/bluesky-social/jetstream, pkg/models/models.go). A record key whose string does not close in the head is
// no record key atproto's.
const COMMIT = new RegExp(
  String.raw`"kind":"commit","commit":\{(?:"rev":${STRING},)?"operation":(${STRING}),"collection":(${STRING}),"rkey":(?:(${STRING})|")`,
)

/** An event whose did or record key cannot be atproto's: unreadable in the head, or longer than the syntax allows. */
export const ILL_NAMED = 'ill-named'

/** A JSON string's text, or undefined when it is none. */
const text = (literal: string | undefined) => {
  if (literal === undefined) return undefined
  try {
    return JSON.parse(literal) as string
  } catch {
    return undefined
  }
}

/**
 * The `did` and `time_us` a Jetstream event starts with (its JSON writes them first), read from the first bytes of a
 * message too large to decode; undefined when they are not there, ILL_NAMED when the did or a commit's record key is
 * there but cannot be read (not closed in the head, or no JSON string). `commit` and its commitKey `key`: a commit's
 * operation, collection and record key, which come before its record. The did and record key are decoded as a decoded
 * event's are, and the caller checks them as it does one's (atproto-ids.ts, wellNamed): the two paths take the same
 * events.
 */
export const headOf = (data: unknown) => {
  // A string's first bytes copied out, not sliced: a slice, and what a pattern finds in it, keeps the whole message in
  // memory, and the did stays in the position (up to 64 of one microsecond, each message up to 128 MiB).
  const bytes =
    typeof data === 'string'
      ? new TextEncoder().encode(data.slice(0, HEAD_CHARS))
      : new Uint8Array(data as ArrayBuffer, 0, Math.min(HEAD_CHARS, (data as ArrayBuffer).byteLength))
  const head = new TextDecoder().decode(bytes)
  const named = DID.exec(head)
  if (!named) return undefined
  const did = text(named[1])
  if (did === undefined) return ILL_NAMED
  const time = /"time_us":(\d{1,16})[,}]/.exec(head)?.[1]
  const us = time === undefined ? undefined : countPosition(time)
  if (us === undefined) return undefined
  const found = COMMIT.exec(head)
  if (!found) return { time_us: us, did, commit: undefined, key: undefined }
  const [operation, collection, rkey] = [text(found[1]), text(found[2]), text(found[3])]
  if (rkey === undefined) return ILL_NAMED
  const commit = operation && collection ? { operation, collection, rkey } : undefined
  return { time_us: us, did, commit, key: commit && commitKey(did, commit) }
}

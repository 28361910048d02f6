// The syntax atproto gives the identifiers a Jetstream commit names (docs/streams.md#event-identifiers). They become a
// post's id and bsky.app links and the DIDs the stored position keeps, between '/', ',' and '@' (jetstream-cursor.ts),
// so what an instance sends outside it is no event of Bluesky's and is never read as one.

// A DID: "did:", a method of lowercase letters, ':', then letters, digits and . _ : % - (a % begins an escape), never
// ending in ':' or '%'. atproto holds a DID to 2 KB.
const DID = /^did:[a-z]+:[A-Za-z0-9._:%-]*[A-Za-z0-9._-]$/
const DID_MOST = 2048
// A record key: 1 to 512 of letters, digits and . - _ : ~, all unreserved in a URL's path; "." and ".." are not keys.
const RECORD_KEY = /^[A-Za-z0-9._:~-]{1,512}$/

/** Whether `s` is a DID as atproto writes one. */
export const isDid = (s: string) => s.length <= DID_MOST && DID.test(s)

/** Whether `s` is a record key as atproto writes one. */
export const isRecordKey = (s: string) => RECORD_KEY.test(s) && s !== '.' && s !== '..'

/** Whether a Jetstream event's did, and its commit's record key if it has one, are atproto's. */
export const wellNamed = (e: { did: string; commit?: { rkey: string } }) =>
  isDid(e.did) && (e.commit === undefined || isRecordKey(e.commit.rkey))

import type { StreamSink } from '../stream'

// The largest message decoded. A post is a few kB, but a record a PDS did not check can be far larger (JSON writes a
// control character in six bytes): Jetstream is asked not to send such an event, and one that comes all the same is
// not decoded (docs/streams.md#outages). Bun's WebSocket client has no limit of its own below 128 MiB to set.
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024

/** A message's size in bytes: a string's UTF-8 length is counted only when its length alone does not settle it. */
const byteLength = (data: unknown) => {
  if (typeof data !== 'string') return (data as ArrayBuffer).byteLength ?? 0
  return data.length > MAX_MESSAGE_BYTES || data.length * 3 <= MAX_MESSAGE_BYTES ? data.length : Buffer.byteLength(data)
}

/** Whether a message is larger than is decoded (MAX_MESSAGE_BYTES). */
export const tooLarge = (data: unknown) => byteLength(data) > MAX_MESSAGE_BYTES

/** The gap an event too large to decode is (docs/streams.md#outages). */
export const oversizeNote = (timeUs: number) =>
  `passed over an event of more than ${MAX_MESSAGE_BYTES / 1024 / 1024} MiB (time_us ${timeUs})`

/** The message as JSON, or undefined. */
export const safeJson = (data: unknown) => {
  try {
    return JSON.parse(typeof data === 'string' ? data : new TextDecoder().decode(data as ArrayBuffer))
  } catch {
    return undefined
  }
}

/** The subscription's address at `endpoint`, replaying from `cursorUs` (null: from now on). */
export function subscription(endpoint: string, cursorUs: number | null) {
  const url = new URL(endpoint)
  url.searchParams.set('wantedCollections', 'app.bsky.feed.post')
  // Jetstream does not send an event larger than this to a subscriber that names it (its maxMessageSizeBytes option).
  url.searchParams.set('maxMessageSizeBytes', String(MAX_MESSAGE_BYTES))
  // Plain JSON, at once: an address copied from another client may ask for zstd messages or to wait for a hello, or
  // carry a cursor of its own (the README's example does), whose replay a first start would take for new posts.
  for (const option of ['compress', 'requireHello', 'cursor']) url.searchParams.delete(option)
  if (cursorUs !== null) url.searchParams.set('cursor', String(cursorUs))
  return url
}

/**
 * The WebSocket's message handler, which cannot end the process: Bun takes what a handler throws as uncaught and exits,
 * and `serve` restarted to the same event, replayed from its cursor. A message whose reading throws is a gap instead.
 */
export const passOverThrown =
  (sink: Pick<StreamSink, 'gap'>, handle: (message: MessageEvent) => void) => (message: MessageEvent) => {
    try {
      handle(message)
    } catch (err) {
      sink.gap(
        `a Jetstream message could not be read (${err instanceof Error ? err.message : String(err)}); passed over`,
      )
    }
  }

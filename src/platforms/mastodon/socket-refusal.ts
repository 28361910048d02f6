import { AppError } from '../../errors'
import { failedAnswer, PlatformUnreachableError, UpstreamStatusError } from '../upstream-errors'

// What a WebSocket handshake that failed means, told from the few words the WebSocket client gives (an ErrorEvent's
// message, no status object): kept apart from the reader so that the reader is only about messages, and this
// reading of the client's words, which changes with Bun's versions, sits in one place (docs/streams.md#outages).

// What a server or the WebSocket client says, shown without control characters and without the address it names.
export const printable = (s: string) => [...s].filter((ch) => ch >= ' ' && ch !== '\u007f').join('')

/**
 * The handshake failed because the server did not answer back the token offered as the Sec-WebSocket-Protocol (Bun's
 * client: "Missing client protocol", or "Mismatch client protocol" for another one), as GoToSocial before 0.17 does.
 */
export class ProtocolNotAnswered extends AppError {
  constructor() {
    super('upstream_error', 'mastodon streaming API did not answer the access token given as its WebSocket protocol')
  }
}

/** The failed read a connection that never opened is, from the WebSocket client's words (docs/streams.md#outages). */
export function refused(said: string, silent: boolean, silenceMs: number): Error {
  if (silent)
    return new AppError('upstream_timeout', `mastodon streaming API did not answer within ${silenceMs / 1000} s`)
  const status = Number(/Expected 101 status code: (\d{3})\b/.exec(said)?.[1])
  // 401 is the token: stream.ts names the setting to fix.
  if (status === 401) return new UpstreamStatusError(401, 'mastodon streaming API refused the access token')
  if (status) return failedAnswer('mastodon streaming API (WebSocket)', { status, headers: new Headers(), text: '' })
  if (/(Missing|Mismatch) client protocol/i.test(said)) return new ProtocolNotAnswered()
  const words = printable(said.replace(/^WebSocket connection to '[^']*' failed: /, '')).slice(0, 200)
  return new PlatformUnreachableError(
    'mastodon streaming API could not be reached',
    words ? new Error(words) : undefined,
  )
}

import { ProtocolNotAnswered } from './socket-refusal'
import { readSocket } from './websocket'

// Where the WebSocket of one stream gets the token. Its NodeInfo names the software, and so where it reads the token
// (socketCredentials). A server whose NodeInfo cannot be read is given it both ways, which GoToSocial before 0.17 fails
// (it does not answer the protocol back): the handshake is then tried again at once with the Authorization header
// alone, which every version reads, and that choice kept for the stream's later connections, so that they do not fail
// first. The failed first handshake is no failure of the stream: only the retry's outcome is
// (docs/platforms.md#mastodon).

/** The token in the Authorization header alone, which Mastodon and GoToSocial read on every version. */
export const authorizationHeader = (token: string) => ({ authorization: `Bearer ${token}` })

/**
 * The headers that carry `token` to the WebSocket of `software` (its NodeInfo name, software.ts), where that server
 * reads it: Mastodon and GoToSocial the Authorization header (GoToSocial on every version, while it echoes a token
 * given as the Sec-WebSocket-Protocol only from 0.17 on, and without the echo the WebSocket client fails the
 * handshake), Pleroma and Akkoma the Sec-WebSocket-Protocol. A server not known gets both (docs/platforms.md#mastodon).
 */
export function socketCredentials(token: string, software: string | undefined): Record<string, string> {
  const header = authorizationHeader(token)
  const protocol = { 'sec-websocket-protocol': token }
  if (software === 'mastodon' || software === 'gotosocial') return header
  if (software === 'pleroma' || software === 'akkoma') return protocol
  return { ...header, ...protocol }
}

type Reading = Parameters<typeof readSocket> extends [URL, unknown, ...infer Rest] ? Rest : never

/** Reads a WebSocket connection as readSocket does, the token given where `software` (instanceSoftware) says. */
export function socketWithToken(token: string, software: { name(signal?: AbortSignal): Promise<string | undefined> }) {
  let headerAlone = false
  return async (url: URL, ...reading: Reading): Promise<'full' | undefined> => {
    const signal = reading[1]
    const name = await software.name(signal)
    if (name === undefined && headerAlone) return readSocket(url, authorizationHeader(token), ...reading)
    try {
      return await readSocket(url, socketCredentials(token, name), ...reading)
    } catch (err) {
      if (name !== undefined || !(err instanceof ProtocolNotAnswered) || signal.aborted) throw err
      headerAlone = true
      return readSocket(url, authorizationHeader(token), ...reading)
    }
  }
}

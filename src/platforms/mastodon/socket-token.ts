import { authorizationHeader, ProtocolNotAnswered, readSocket, socketCredentials } from './websocket'

// Where the WebSocket of one stream gets the token. Its NodeInfo names the software, and so where it reads the token
// (socketCredentials). A server whose NodeInfo cannot be read is given it both ways, which GoToSocial before 0.17 fails
// (it does not answer the protocol back): the handshake is then tried again at once with the Authorization header
// alone, which every version reads, and that choice kept for the stream's later connections, so that they do not fail
// first. The failed first handshake is no failure of the stream: only the retry's outcome is (docs/platforms.md#mastodon).

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

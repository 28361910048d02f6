import type { Server } from 'bun'
import { MAX_CONNECTION_IDLE_SEC } from '../config/answer-time'

/**
 * docs/operations.md#server-settings: how long a connection may stay idle (nothing received, nothing sent) before the
 * server closes it: a keep-alive connection between requests, a client that stops sending its request or stops
 * reading the answer. Elysia's own default, set here so that what is reset to is known.
 */
export const CONNECTION_IDLE_SEC = 30
export { MAX_CONNECTION_IDLE_SEC }

/** A request and the server it came to, as a route's context has them. */
export type Connection = { request: Request; server: Server<unknown> | null }

// Requests whose answer sets its own idle timeout for the time it is sent (an export's stream).
const answeredOnOwnTimeout = new WeakSet<Request>()
// The idle timeout of the server each request came to, to go back to.
const serverIdleSec = new WeakMap<Request, number>()

/** The idle timeout of the server `request` came to (http/connection-timeouts.ts). */
export function cameWithTimeout(request: Request, sec: number) {
  serverIdleSec.set(request, sec)
}

/**
 * While the server works on an answer, the client has nothing to send and is sent nothing yet, and Bun counts that as
 * idle: a request that waited on a unit held by another call, a slow model or a slow platform past the idle timeout
 * lost its connection without a word (curl: "Empty reply from server"). Until the answer begins, the connection's idle
 * timeout is the longest Bun takes; the work's own bounds (scorer.timeout_ms, a platform's timeout_ms, the wait for a
 * held unit) end it first: config/answer-time.ts refuses timeouts that would not. Only once the request's body has
 * been read: a client that stops sending its body is still dropped at the idle timeout.
 */
export function working(at: Connection) {
  at.server?.timeout(at.request, MAX_CONNECTION_IDLE_SEC)
}

/** The answer keeps the connection's idle timeout it sets (exportResponse), instead of the server's. */
export function answersOnOwnTimeout(at: Connection) {
  answeredOnOwnTimeout.add(at.request)
}

/** Whether the answer keeps the connection's idle timeout it set. */
export const onOwnTimeout = (request: Request) => answeredOnOwnTimeout.has(request)

/** The server's idle timeout for the connection again. Bun takes none once the answer has gone. */
export function serverTimeout(at: Connection) {
  at.server?.timeout(at.request, serverIdleSec.get(at.request) ?? CONNECTION_IDLE_SEC)
}

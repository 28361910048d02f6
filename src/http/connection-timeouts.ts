import { Elysia } from 'elysia'
import { type Connection, cameWithTimeout, onOwnTimeout, serverTimeout, working } from '../wire/connection-timeouts'

export { CONNECTION_IDLE_SEC } from '../wire/connection-timeouts'

/** A body still to be read by the route itself (`parse: 'none'`), which calls `working` once it has it. */
const bodyUnread = (request: Request) =>
  !request.bodyUsed &&
  (request.headers.has('transfer-encoding') || Number(request.headers.get('content-length') ?? 0) > 0)

/**
 * Raises each connection's idle timeout while its answer is being worked on (`working`), and puts the server's back
 * (`idleSec`) when the answer is ready, before it is sent: Bun keeps a request's idle timeout for its connection until
 * the next request comes, and no longer lets it be changed once the answer has gone. Registered before the error
 * mapping, whose hook answers and so ends the chain.
 */
export const connectionTimeouts = (idleSec: number) => {
  const answering = (at: Connection) => {
    if (!onOwnTimeout(at.request)) serverTimeout(at)
  }
  return (
    new Elysia({ name: 'connection-timeouts' })
      .onRequest(({ request }) => {
        cameWithTimeout(request, idleSec)
      })
      // Once the body is read, before the API key or token is looked up (a derive), which may wait on the database.
      .onTransform({ as: 'global' }, (context) => {
        if (!bodyUnread(context.request)) working(context)
      })
      .onAfterHandle({ as: 'global' }, (context) => {
        answering(context)
      })
      .onError({ as: 'global' }, (context) => {
        answering(context as unknown as Connection)
      })
  )
}

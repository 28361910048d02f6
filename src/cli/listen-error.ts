import { AppError } from '../errors'

// Apart from serve.ts: turning the runtime's listen failure into a line an operator can act on is a job of its own,
// and serve-port.test.ts checks it without starting a server.
/** Why the server could not listen, as one line naming the setting (dispatch prints it and exits 1). */
export function listenError(err: unknown, at: { host: string; port: number }): unknown {
  const code = (err as { code?: unknown }).code
  if (code === 'EADDRINUSE') {
    return new AppError(
      'internal',
      `port ${at.port} is in use on ${at.host}: another server listens there; stop it or change server.port`,
    )
  }
  if (code === 'EADDRNOTAVAIL')
    return new AppError('internal', `cannot listen on ${at.host}: no such address on this machine (server.host)`)
  // Bun reports a host name it cannot resolve (or a malformed address) only as EINVAL from listen.
  if (code === 'EINVAL')
    return new AppError(
      'internal',
      `cannot listen on ${at.host}: it is neither an address of this machine nor a name it can resolve (server.host)`,
    )
  // A service user on a port below 1024: the unit in deploy/ grants no capability (docs/operations.md#deployments).
  if (code === 'EACCES')
    return new AppError(
      'internal',
      `cannot listen on port ${at.port} of ${at.host}: this user may not (below 1024 it takes root or the CAP_NET_BIND_SERVICE capability); choose a port from 1024 on or grant the capability (server.port)`,
    )
  return err
}

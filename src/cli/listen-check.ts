import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { ConfigError } from '../config/load'

/**
 * docs/operations.md#running-it: a `server.host` this machine can never listen on (a name that does not exist, an
 * address none of its interfaces has) is a configuration error, found before the database is opened or migrated and
 * refused with exit status 2, which the systemd unit does not restart (deploy/lead-signals.service). A name the
 * resolver cannot answer for now (EAI_AGAIN) is left to the listen itself, which fails with status 1 and is retried.
 */
export async function checkServerHost(host: string | undefined): Promise<void> {
  if (host === undefined) return
  if (!isIP(host)) {
    const code = await lookup(host).then(
      () => undefined,
      (err: { code?: unknown }) => err.code,
    )
    if (code === 'ENOTFOUND')
      throw new ConfigError(
        `config: server.host: cannot listen on ${host}: it is neither an address of this machine nor a name that resolves`,
      )
    if (code !== undefined) return
  }
  try {
    // Port 0: any free port of that address, closed at once; only whether the address is this machine's is asked.
    Bun.listen({ hostname: host, port: 0, socket: { data() {} } }).stop(true)
  } catch (err) {
    if ((err as { code?: unknown }).code === 'EADDRNOTAVAIL')
      throw new ConfigError(`config: server.host: cannot listen on ${host}: no such address on this machine`)
  }
}

import { CERTIFICATE_CODE } from '../lib/network-reason'

// docs/api.md#error-codes: a platform that could not be reached answered the API's caller "hackernews could not be
// reached" and no more, with nothing to check. The caller is told the kind of failure in words that name nothing of
// this server's network (no host, address, port or setting: a caller may be anyone holding a key), and that the
// operator sees the details (the name, the address, the setting to check) in `lead-signals platforms check`.

// The runtime's codes of a failed connection (lib/network-reason.ts names them for the log), in a caller's words.
const KINDS: Record<string, string> = {
  ENOTFOUND: 'its address does not resolve from this server',
  EAI_AGAIN: 'its address does not resolve from this server',
  ECONNREFUSED: 'nothing accepted the connection at its address',
  ECONNRESET: 'the connection was reset before it answered',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'this server has no route to it',
  ENETUNREACH: 'this server has no route to it',
  EPROTO: 'the TLS connection to it failed',
}

/** The kind of a failed connection, in words that name no address; undefined when the runtime gave no known code. */
export function unreachableKind(because: unknown): string | undefined {
  const code = String((because as { code?: unknown } | null)?.code ?? '')
  if (CERTIFICATE_CODE.test(code)) return 'its TLS certificate is not one this server trusts'
  return KINDS[code]
}

/** `hackernews could not be reached: <kind>; the operator sees the details in …`, for a caller of the API or MCP. */
export function unreachableToCaller(message: string, because: unknown): string {
  const kind = unreachableKind(because)
  return `${message}${kind ? `: ${kind}` : ''}; the operator sees the details in \`lead-signals platforms check\``
}

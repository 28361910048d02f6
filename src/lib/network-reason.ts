// Network failures as the runtime's fetch reports them (an error `code`), in words.
export const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ETIMEDOUT: 'timed out',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPROTO: 'TLS handshake failed',
}

/** The words for a failed fetch's network error (`connection refused`), or undefined for any other error. */
export function networkReason(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'string' ? NETWORK_REASONS[code] : undefined
}

/** The runtime's codes of a TLS certificate it refused (self-signed, an unknown authority, expired, another name). */
export const CERTIFICATE_CODE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/

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

/**
 * The host name a failed connection could not look up (the resolver's ENOTFOUND, or EAI_AGAIN when no DNS server
 * answered), as the runtime names it on its error; undefined for any other failure.
 */
export function unresolvedHost(err: unknown): string | undefined {
  const e = err as { code?: unknown; hostname?: unknown } | null
  if (e?.code !== 'ENOTFOUND' && e?.code !== 'EAI_AGAIN') return undefined
  return typeof e.hostname === 'string' && e.hostname !== '' ? e.hostname : undefined
}

/**
 * A name that does not resolve, in words, with the setting that holds it: the resolver's `getaddrinfo ENOTFOUND
 * host` read as a server that is down, and named nothing to change. `setting`: undefined when none holds it.
 */
export const doesNotResolve = (host: string, setting: string | undefined) =>
  `the name ${host} does not resolve: check ${setting ?? 'the address'} for a typo, a name only another network knows, or a public name on a machine without internet access`

/** The setting that holds a model backend's address. */
export const modelAddressSetting = (backend: string) =>
  backend === 'ollama' ? 'scorer.ollama.host' : `scorer.${backend}.base_url`

/** The runtime's codes of a TLS certificate it refused (self-signed, an unknown authority, expired, another name). */
export const CERTIFICATE_CODE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/

/**
 * A failed fetch where something answers at `where` but not as the address's scheme says
 * (docs/scoring.md#checking-the-model-server): https:// to a plain HTTP server, a TLS certificate this machine does not
 * trust, or http:// to a server that expects TLS and closes the connection. Undefined for any other failure: no server
 * is missing, none is to be started.
 */
export function schemeMismatch(err: unknown, where: string): string | undefined {
  const code = String((err as { code?: unknown } | null)?.code ?? '')
  if (code === 'EPROTO')
    return `${where} does not answer over TLS (the TLS handshake failed): a model server on your own network usually serves plain HTTP, as Ollama does; write the address with http://`
  if (CERTIFICATE_CODE.test(code))
    return `${where} answered with a TLS certificate this machine does not trust (${code}): for a certificate of your site's own authority, start lead-signals with NODE_EXTRA_CA_CERTS set to that authority's certificate file (PEM)`
  if (code === 'ECONNRESET' && where.startsWith('http:'))
    return `${where} closed the connection without answering (as a server that expects TLS does to http://): if it does, write the address with https://`
  return undefined
}

/**
 * Why a scoring call got no answer from the model server at `where` (docs/scoring.md#checking-the-model-server), as the
 * start-up check says it: an address of the wrong scheme, or nothing there. `heard`: the server answered this scorer
 * over the address before, so a connection it resets since is no TLS server's (which resets every plain request): it
 * restarted or stopped while the call waited. `named`: the server as a person calls it (scorers/scorer-words.ts).
 * `mask` hides a key in the runtime's own message.
 */
export function callUnreached(o: {
  err: unknown
  scorer: string
  named: string
  where: string
  heard: boolean
  mask?: (text: string) => string
}) {
  const { err, scorer, where } = o
  const code = String((err as { code?: unknown } | null)?.code ?? '')
  if (o.heard && code === 'ECONNRESET')
    return `${o.named} at ${where} closed the connection before answering (connection reset): the server restarted or stopped meanwhile; its log says why`
  const host = unresolvedHost(err)
  if (host) return `no model server at ${where}: ${doesNotResolve(host, modelAddressSetting(scorer))}`
  const reason = networkReason(err)
  return (
    schemeMismatch(err, where) ??
    (reason
      ? `no model server at ${where} (${reason})`
      : `${scorer} at ${where} could not be reached: ${(o.mask ?? String)((err as Error).message)}`)
  )
}

// nginx's words for a plain HTTP request on a port where it serves TLS (its code 497, answered as HTTP 400 with a page
// saying so), and the title of that page.
const PLAIN_ON_TLS_PORT = 'The plain HTTP request was sent to HTTPS port'

/**
 * An HTTP error that says the address's http:// should be https:// (docs/scoring.md#checking-the-model-server): nginx
 * serving TLS on that port answers a plain request with 400 and its page, rather than closing the connection.
 * Undefined for any other answer. `said`: what the answer said, its body's text.
 */
export function plainHttpOnTlsPort(where: string, status: number, said: string): string | undefined {
  if (status !== 400 || !where.startsWith('http:') || !isPlainOnTlsPortPage(said)) return undefined
  return `${where} expects TLS (nginx answered HTTP 400: ${PLAIN_ON_TLS_PORT}): write the address with https://`
}

/** Whether an answer's text is nginx's page for a plain HTTP request on a port where it serves TLS. */
export const isPlainOnTlsPortPage = (said: string) => said.toLowerCase().includes(PLAIN_ON_TLS_PORT.toLowerCase())

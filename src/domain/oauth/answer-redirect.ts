/**
 * Where an authorization answer sends the browser (docs/oauth.md#consent): the redirect URI read as a browser reads it
 * (the WHATWG URL Standard), as the consent page read it to name its host (redirect-uri.ts redirectTarget), with the
 * answer's parameters, `state` as the request gave it and `iss` (RFC 9207).
 */
export function answerRedirect(
  base: string,
  uri: string,
  state: string | null | undefined,
  params: Record<string, string>,
): string {
  const url = new URL(uri)
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
  // An empty state too, which the grant library leaves out.
  if (typeof state === 'string') url.searchParams.set('state', state)
  url.searchParams.set('iss', base)
  return url.href
}

/** An error for the client: `error` and `error_description` (RFC 6749 §4.1.2.1). */
export const errorRedirect = (
  base: string,
  uri: string,
  state: string | undefined,
  error: string,
  description: string,
) => answerRedirect(base, uri, state, { error, error_description: description })

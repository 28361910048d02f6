/**
 * The parameters of an OAuth request, as a record, and the first one given more than once (RFC 6749 §3.1 and §3.2:
 * none may be; read as a record, the last of two `grant_type`s would silently win).
 */
export function readParams(params: URLSearchParams): { values: Record<string, string>; repeated?: string } {
  const values: Record<string, string> = {}
  let repeated: string | undefined
  for (const [name, value] of params) {
    if (Object.hasOwn(values, name)) repeated ??= name
    values[name] = value
  }
  return { values, repeated }
}

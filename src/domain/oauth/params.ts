/**
 * The parameters of an OAuth request, as a record, and the first one given more than once (RFC 6749 §3.1 and §3.2:
 * none may be; read as a record, the last of two `grant_type`s would silently win). `resource` is the exception: RFC
 * 8707 §2 lets a request name several, so each is kept, in order, in `resources` (docs/oauth.md#authorization).
 */
export function readParams(params: URLSearchParams): {
  values: Record<string, string>
  repeated?: string
  resources: string[]
} {
  const values: Record<string, string> = {}
  const resources: string[] = []
  let repeated: string | undefined
  for (const [name, value] of params) {
    if (name === 'resource') resources.push(value)
    else if (Object.hasOwn(values, name)) repeated ??= name
    values[name] ??= value
  }
  return { values, repeated, resources }
}

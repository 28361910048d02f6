// How long the version may take: a courtesy of the check, not a condition of it.
const VERSION_MS = 500

/**
 * Whether the Ollama server is recent enough for the scorer (docs/scoring.md#checking-the-model-server): a JSON schema
 * as `format` came with Ollama 0.5; before, `format` is only "json", and every call is refused with a decoder's
 * message. `GET /api/version` (Ollama's API documentation, "Version") tells it. Undefined when recent enough, when
 * the version cannot be read within VERSION_MS (a proxy that does not pass that path), and for a build from source
 * (0.0.0).
 */
export async function olderThanSchemas(host: string, where: string, signal: AbortSignal): Promise<string | undefined> {
  let version: unknown
  try {
    const soon = AbortSignal.any([signal, AbortSignal.timeout(VERSION_MS)])
    const res = await fetch(`${host.replace(/\/+$/, '')}/api/version`, { signal: soon })
    if (!res.ok) return undefined
    version = ((await res.json()) as { version?: unknown } | null)?.version
  } catch (err) {
    if (signal.aborted) throw err
    return undefined
  }
  const m = typeof version === 'string' ? /^v?(\d+)\.(\d+)\.(\d+)/.exec(version) : null
  if (!m || version === '0.0.0') return undefined
  const [major, minor] = [Number(m[1]), Number(m[2])]
  if (major > 0 || minor >= 5) return undefined
  return `the Ollama model server at ${where} is version ${version}: the scorer needs 0.5 or later, which takes the reply's JSON schema as format; upgrade Ollama there`
}

// An Ollama before 0.5 refusing a JSON schema as `format`, in its JSON decoder's words (Ollama's issue 7991).
const FORMAT_REFUSED = /cannot unmarshal object into Go struct field \w+\.format/

/**
 * A call's HTTP 400 from an Ollama before 0.5, which takes no JSON schema as `format`, said with what to do: the
 * start-up check names the version, but only where it can read it (a proxy may not pass GET /api/version).
 * Undefined for any other answer.
 */
export function formatRefused(where: string, status: number, said: string): string | undefined {
  if (status !== 400 || !FORMAT_REFUSED.test(said)) return undefined
  return `the Ollama model server at ${where} takes no JSON schema as format (HTTP 400: ${said}): the scorer needs Ollama 0.5 or later; upgrade Ollama there`
}

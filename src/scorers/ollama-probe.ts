import { plainHttpOnTlsPort } from '../lib/network-reason'
import { missingModel } from './ollama-pulled'
import { olderThanSchemas } from './ollama-version'
import { parseJson } from './reply'
import { boundedText, errorText, pathOf } from './server-answer'

// Ollama answers errors as {"error": "model \"x\" not found, try pulling it first"}.
export const ollamaMessage = (body: unknown) => (body as { error?: unknown } | null)?.error

/**
 * The `ollama` scorer's start-up check (docs/scoring.md#checking-the-model-server): Ollama's `POST /api/show` for the
 * model, which answers 404 {"error": ...} for a model that was not pulled. Undefined when it can serve the model, else
 * what is wrong. The address is the client's (a host with a path keeps it, as ollama-js does).
 */
export async function probeOllama(o: { host: string; where: string; model: string; signal: AbortSignal }) {
  const { host, where, model, signal } = o
  const res = await fetch(`${host.replace(/\/+$/, '')}/api/show`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model }),
    signal,
  })
  if (res.ok) {
    const text = await boundedText(res).catch(() => '')
    // An answer too long to read whole is given the benefit of the doubt.
    if (text === null) return olderThanSchemas(host, where, signal)
    const said = sentError(text)
    if (said === undefined) return otherServerAt(where, 'POST /api/show answered with what is not JSON')
    if (said === '') return olderThanSchemas(host, where, signal)
    // An error sent with status 200 (docs/scoring.md#checking-the-model-server) is read as the same error would be
    // with its own status.
    if (/not found/i.test(said) && said.includes(model)) return missingModel({ host, where, model, signal })
    return `the Ollama model server at ${where} answered with an error when asked about model "${model}": ${said.slice(0, 300)}; the Ollama server's log says more`
  }
  const said = await errorText(res, ollamaMessage)
  const tls = plainHttpOnTlsPort(where, res.status, said)
  if (tls) return tls
  const refused = proxyRefused(where, host, res.status, model)
  if (refused) return refused
  if (res.status === 404 && said.includes(model)) return missingModel({ host, where, model, signal })
  if (res.status === 404) return notOllamaAt(where, host, said)
  return `the Ollama model server at ${where} answered HTTP ${res.status} when asked about model "${model}": ${said}`
}

/**
 * The error a successful answer carries: its `error` when it is one JSON object, or the first line's of a stream of
 * JSON lines, where Ollama sends an error that arises once its 200 has gone (its API documentation, "Errors"). '' for
 * a JSON answer without one, undefined for what is not JSON (a web application on the port answers every path with
 * its page: taken for the model server, it would fail every call instead).
 */
export function sentError(text: string): string | undefined {
  const objects = jsonObjects(text)
  if (!objects) return undefined
  const said = objects.map(ollamaMessage).find((e) => typeof e === 'string' && e.trim())
  return typeof said === 'string' ? said.trim() : ''
}

// One JSON object (written on one line or many), or a stream of them, one a line.
function jsonObjects(text: string): unknown[] | undefined {
  const whole = parseJson(text)
  const values =
    whole === undefined
      ? text
          .split('\n')
          .filter((l) => l.trim())
          .map((l) => parseJson(l))
      : [whole]
  return values.length && values.every((v) => typeof v === 'object' && v !== null) ? values : undefined
}

/**
 * What a plain 404 to `POST {host}/api/show` means (docs/scoring.md#checking-the-model-server). A host with a path
 * (`…/v1`, say) is not Ollama's root; a host without one reached a server that is not Ollama (another service on
 * that port), where telling the operator to use the root they already wrote would send them the wrong way.
 */
function notOllamaAt(where: string, host: string, said: string): string {
  // The path is shown: the origin alone reads as the very root the line asks for.
  const path = pathOf(host)
  if (path)
    return `no Ollama API at ${where}${path} (${said}): scorer.ollama.host is the server's root, such as http://127.0.0.1:11434`
  return otherServerAt(where, `POST /api/show answered HTTP 404: ${said}`)
}

function otherServerAt(where: string, what: string): string {
  return `no Ollama API at ${where} (${what}): another server answers at this address; check the host and port of scorer.ollama.host (Ollama listens on 11434)`
}

/**
 * What a 401 or 403 from Ollama's address means: Ollama asks for no credentials (its maintainers leave that to a proxy
 * in front of it, ollama/ollama#5415), so a proxy refused the request, and its page says nothing the operator can act
 * on. The user and password a proxy takes (HTTP basic) go in the host's address, sent with every request; they are
 * never shown. Undefined for any other status, and for a cloud model (`…:cloud`, `…-cloud`), which Ollama runs on
 * ollama.com and itself refuses with 401 `unauthorized` until the server is signed in (ollama/ollama#12384).
 */
export function proxyRefused(where: string, host: string, status: number, model: string): string | undefined {
  if (status !== 401 && status !== 403) return undefined
  if (/[:-]cloud$/i.test(model)) return undefined
  const refused = `the Ollama model server at ${where} refused the request (HTTP ${status}): Ollama itself asks for no credentials, so a proxy in front of it`
  let given = false
  try {
    const url = new URL(host)
    given = Boolean(url.username || url.password)
  } catch {}
  if (given) return `${refused} refused the user and password written in scorer.ollama.host: check them`
  return `${refused} did; for one that takes a user and password, write them in scorer.ollama.host (http://user:password@host:port), or set it to Ollama's own address`
}

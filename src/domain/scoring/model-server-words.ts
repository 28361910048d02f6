import type { Config } from '../../config/schema'
export { scorerWords } from '../../scorers/scorer-words'
import { doesNotResolve, modelAddressSetting, schemeMismatch, unresolvedHost } from '../../lib/network-reason'

// What the start-up line, `scorer check` and the scorer's health (scorer-health.ts) say of a model server that cannot
// answer, with the two times they name.

// How long the start-up check waits for the model server: a local server answers in milliseconds.
export const PROBE_MS = 2000
// While the model rests after a call ran out of time, how often its server is checked
// (docs/scoring.md#fallback-and-timeouts).
export const RECHECK_MS = 15_000

/** What scoring does while the model server cannot answer, as the start-up line and `scorer check` say it. */
export function meanwhileWithoutModel(config: Config): string {
  return config.scorer.fallback === 'rules'
    ? 'scoring with the embedded scorer'
    : 'scoring calls answer 503 scorer_unavailable (scorer.fallback = "none")'
}

/**
 * How to start a model server (docs/scoring.md#checking-the-model-server), as the start-up line and `scorer check` say
 * it.
 */
export const howToStart = (backend: string, model?: string) =>
  backend === 'ollama' ? ` (for Ollama: "ollama serve", then "ollama pull ${model}")` : ''

/**
 * Why the model server could not be asked at all (docs/scoring.md#checking-the-model-server). Nothing listening (a
 * refused port, no such host) fails every later call at once too. An address that takes the connection and never
 * answers (a hung server, a firewall dropping packets) would make every call wait `scorer.timeout_ms`: the service
 * does not ask it while it rests (createScorerHealth), and the line says so.
 */
export function unreachableReason(err: unknown, endpoint: string | undefined, backend: string): string {
  const where = endpoint ?? 'the configured address'
  // A name that does not resolve (a typo, an internal name, a public one on a site without internet access) is not
  // a server that is down: the line says which name, and the setting that holds it. Bun's fetch sets the resolver's
  // code and the name on its error.
  const host = unresolvedHost(err)
  if (host) return `no model server at ${where}: ${doesNotResolve(host, modelAddressSetting(backend))}`
  const mismatch = schemeMismatch(err, where)
  if (mismatch) return mismatch
  if (!(err instanceof Error && err.name === 'TimeoutError')) return `no model server at ${where}`
  return `no answer from ${where} within ${PROBE_MS} ms (a server that hangs, or a firewall dropping the connection); calls do not wait for it, and it is checked again every ${RECHECK_MS / 1000} s`
}

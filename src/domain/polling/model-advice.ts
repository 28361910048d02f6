import { modelAddressSetting } from '../../lib/network-reason'
import type { Needs } from '../needs'

/**
 * The model server's address as the configuration gives it: scheme, host and port only (a path or a user may hold a
 * key).
 */
function origin(config: Needs<'config'>['config'], backend: string): string | undefined {
  const at =
    backend === 'ollama' ? config.scorer.ollama.host : backend === 'openai' ? config.scorer.openai.base_url : ''
  try {
    return new URL(at).origin
  } catch {
    return undefined
  }
}

/**
 * docs/operations.md#when-a-pass-finds-nothing: a pass whose model server could not be reached logged its one
 * scorer_failed line and said nothing under its table, where a platform that could not be reached gets a line. Said
 * here in the console's words for that state (src/console/scorer-now.ts and UntilItAnswers), with the setting that
 * holds the address: the embedded scorer answered in its place (scorer.fallback = "rules"), or, with "none", the
 * scorerUnavailable line (advice.ts) says what waits.
 */
export async function modelAdvice(deps: Needs<'config' | 'scoring'>): Promise<string[]> {
  const c = await deps.scoring.scorerCondition()
  if (c.state !== 'unreachable') return []
  const at = origin(deps.config, c.backend)
  const setting = `${modelAddressSetting(c.backend)}${at ? ` is ${at}` : ''}`
  const line = `the model server has not been reachable: start it, or check its address in the [scorer] settings (${setting})`
  if (c.fallback !== 'rules') return [line]
  return [
    `${line}; the embedded scorer answered meanwhile (its signals are tagged "embedded scorer") and answers until the model does; lead-signals scorer check says why`,
  ]
}

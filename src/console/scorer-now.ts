// What the model is doing now, as GET /console/api/scorer tells it (docs/console.md#the-signals-page), in words for the
// Signals page's notice that the embedded scorer stood in and the Settings page's Scorer section: whether that ends by
// itself (a load under way) or needs something done on the server. A copy of the server's ScorerCondition: the console
// imports nothing of the server.
import { serverNow } from './server-clock'
import { backendName } from './signal-facts'
import { relative } from './time'

export type ScorerCondition = {
  backend: string
  model: string | null
  /** What answers while the model does not: the embedded scorer, or nothing (scoring calls answer 503). */
  fallback: 'rules' | 'none'
  state:
    | 'embedded'
    | 'unknown'
    | 'answering'
    | 'loading'
    | 'slow'
    | 'timing_out'
    | 'unreachable'
    | 'model_missing'
    | 'unavailable'
    | 'failing'
  since: string | null
}

/** "since 10:02 (3 min ago)": the local time of day, and how long ago; it follows a verb in the present perfect. */
function sinceWhen(iso: string | null, now: number): string {
  if (!iso) return ''
  const time = new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
  return ` since ${time} (${relative(iso, now)})`
}

// A team's users cannot change the scorer's settings: each is named with the file it is changed in, where "[scorer]
// settings" read as the console's own Settings page.
const IN_FILE = 'in this server’s configuration file'
const ADDRESS: Record<string, string> = { ollama: 'scorer.ollama.host', openai: 'scorer.openai.base_url' }

/**
 * One sentence on the model now, to follow "Now " or to start with a capital; null when there is nothing to add (the
 * embedded scorer alone, or not asked yet).
 */
export function scorerNow(c: ScorerCondition, now = serverNow()): string | null {
  const model = c.model ? `“${c.model}”` : ''
  const since = sinceWhen(c.since, now)
  switch (c.state) {
    case 'answering':
      return `${backendName(c.backend)} answers again: signals found from here on are its own.`
    case 'loading': {
      // With no fallback nothing scores while the model loads: the posts wait for a pass after it answers.
      const meanwhile =
        c.fallback === 'rules'
          ? 'the embedded scorer answers meanwhile'
          : 'posts wait unscored meanwhile (scorer.fallback = "none")'
      return `the model server has been loading the model ${model}${since}: the model answers by itself once it is loaded, and ${meanwhile}.`
    }
    case 'slow':
      return `the model ${model} is loaded but has answered more slowly than scorer.timeout_ms allows${since}: this does not end by itself; on the server, raise scorer.timeout_ms, lower scorer.concurrency or choose a smaller model.`
    case 'timing_out':
      return `the model has not answered within scorer.timeout_ms${since}; its server is checked again every 15 s.`
    case 'unreachable':
      return `the model server has not been reachable${since}: start it, or correct its address: ${ADDRESS[c.backend] ?? `scorer.${c.backend}`} ${IN_FILE}.`
    case 'model_missing':
      return `the model server has been without the model ${model}${since}: ${
        c.backend === 'ollama' && c.model
          ? `on that server, run “ollama pull ${c.model}”, or set scorer.ollama.model ${IN_FILE} to a model it has.`
          : `set scorer.${c.backend}.model ${IN_FILE} to one the model server serves.`
      }`
    case 'unavailable':
      return `the model server has answered but not served the model ${model}${since}.`
    case 'failing':
      return `the model’s calls have failed${since}.`
    default:
      return null
  }
}

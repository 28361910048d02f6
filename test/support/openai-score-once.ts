import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createOpenAiScorer } from '../../src/scorers/openai'

/** One call of the openai scorer against the server at `origin` (its API under /v1), with `env` or the defaults. */
export const scoreOnce = (origin: string, env: Record<string, string> = {}) =>
  createOpenAiScorer(
    loadConfig({ env: { LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${origin}/v1`, ...env } }).scorer.openai,
    createLogger(() => {}),
  ).score({ content: 'Our team needs a CRM this month.', keyword: 'crm', icps: [] }, AbortSignal.timeout(5000))

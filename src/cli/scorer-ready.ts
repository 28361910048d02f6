import type { Deps } from '../deps'

/**
 * serve's start-up check of the model server (docs/scoring.md#checking-the-model-server), and, when the configured
 * scorer is ready, one line naming it: a start that worked said nothing of the scorer, so a site with its own model
 * (an OpenAI-compatible server on 127.0.0.1, say) could not tell from the log that its model was in use, only that one
 * could not answer. The server by its origin, never a user or password written in the address.
 */
export async function checkScorer(deps: Deps): Promise<void> {
  if (!(await deps.scoring.checkModelServer())) return
  const { backend, openai, ollama } = deps.config.scorer
  if (backend === 'rules') return deps.log.info('scorer_ready', { scorer: 'rules', model: 'embedded' })
  const { model, address } =
    backend === 'openai'
      ? { model: openai.model, address: openai.base_url }
      : { model: ollama.model, address: ollama.host }
  deps.log.info('scorer_ready', { scorer: backend, model, at: new URL(address).origin })
}

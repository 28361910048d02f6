import * as v from 'valibot'
import { boundedText } from './server-answer'

// The part of Ollama's GET /api/tags answer that is read (its API documentation, "List models").
const Tags = v.object({ models: v.array(v.object({ name: v.string() })) })

// How many of the models pulled a line names.
const LISTED = 5

/**
 * Ollama answers 404 naming the model to /api/show and /api/chat for a model it does not have (its API docs, "Errors").
 */
export function noModel(where: string, model: string): string {
  return `the Ollama model server at ${where} has no model "${model}": run "ollama pull ${model}" there, or set scorer.ollama.model to a model "ollama list" shows`
}

/**
 * The start-up check's line for a model Ollama does not have (docs/scoring.md#checking-the-model-server), naming the
 * models it has (GET /api/tags): at a site without internet access `ollama pull` cannot work, and a name written
 * without its tag (`qwen2.5`, which Ollama reads as `qwen2.5:latest`) most often meant a tagged one pulled there.
 * Without a list to read, the pull command alone.
 */
export async function missingModel(o: { host: string; where: string; model: string; signal: AbortSignal }) {
  const { where, model } = o
  const pulled = await pulledModels(o.host, o.signal)
  if (!pulled?.length) return noModel(where, model)
  const pull = `or run "ollama pull ${model}" there`
  const wanted = nameParts(model)
  const untagged = wanted.tag ? '' : ` (without a tag: "${model}:latest")`
  const same = pulled.filter((name) => nameParts(name).model === wanted.model)
  if (same.length === 1)
    return `the Ollama model server at ${where} has no model "${model}"${untagged}; it has "${same[0]}": set scorer.ollama.model = "${same[0]}", ${pull}`
  const shown = (same.length ? same : pulled).slice(0, LISTED).map((name) => `"${name}"`)
  const more = (same.length ? same : pulled).length > LISTED ? ' and more ("ollama list" shows them all)' : ''
  return `the Ollama model server at ${where} has no model "${model}"${untagged}; it has ${shown.join(', ')}${more}: set scorer.ollama.model to one of them, ${pull}`
}

/**
 * A model's name as Ollama writes one, [host/][namespace/]model[:tag] (its model naming): the model, compared whatever
 * registry it was pulled from (a site without internet access pulls from its own, whose host may carry a port), and
 * its tag, after the last slash.
 */
function nameParts(name: string): { model: string; tag?: string } {
  const last = name.slice(name.lastIndexOf('/') + 1)
  const colon = last.indexOf(':')
  return colon < 0 ? { model: last } : { model: last.slice(0, colon), tag: last.slice(colon + 1) }
}

/** The names of the models pulled, or undefined when the list cannot be read (an older or another server). */
async function pulledModels(host: string, signal: AbortSignal): Promise<string[] | undefined> {
  try {
    const res = await fetch(`${host.replace(/\/+$/, '')}/api/tags`, { signal })
    if (!res.ok) return undefined
    const parsed = v.safeParse(Tags, JSON.parse((await boundedText(res)) ?? ''))
    return parsed.success ? parsed.output.models.map((m) => m.name) : undefined
  } catch {
    return undefined
  }
}

import { ApiError } from '../api'

/**
 * How a form names what the API names (docs/console.md#errors): each field's label (`heatThreshold` is the box
 * "Heat threshold") and, where a field's reason quotes a value, the form's words for it (`person.updated` is the
 * Sends choice "People turning hot").
 */
export type FormWords = { labels: Record<string, string>; values?: [api: string, form: string][] }

/**
 * The reason of a refusal in the words of the form that was sent. The API's message names its fields as the API
 * does, for programs and for a person reading the API's docs; under a box called "Heat threshold", "heatThreshold
 * must be …" named a field the page does not have. A message that starts with the API's name of the field refused
 * (`heatThreshold`, `key label`) starts with the box's label instead; one that starts with another of the form's API
 * names (`event person.updated is sent only to …`, said of When) is said as the field's own reason under its label.
 * Anything else (a sentence that names no field, several fields, a field of no box) is shown as the API gave it.
 */
export function inFormWords(error: unknown, words: FormWords): string {
  const said = error instanceof Error ? error.message : String(error)
  if (!(error instanceof ApiError) || error.details.length !== 1) return said
  const [{ field, message }] = error.details
  const label = words.labels[field]
  // A list's item (`competitors.2`) is named by the message itself ("a competitor …"), which the label would lose.
  if (!label || !message) return said
  const named = said.endsWith(` ${message}`) && said.length > message.length + 1
  const startsWithApiName = Object.keys(words.labels).some((api) => said.startsWith(`${api} `))
  if (!named && !startsWithApiName) return said
  const reason = (words.values ?? []).reduce((text, [api, form]) => text.replaceAll(api, form), message)
  return `${label} ${reason}`
}

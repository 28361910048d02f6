/**
 * A batch of inputs as sent to a rules worker (pool.ts, worker.ts; docs/performance.md#where-a-polling-pass-spends-its-time).
 * Polling asks about one post for every team tracking its keyword, and about many posts with one team's profiles: each
 * text, each list of profiles and each keyword is sent once, and the inputs point at them, instead of copying them into
 * the worker once per (team, post) pair. The places are one typed array rather than an object per pair: the copy
 * postMessage makes of a typed array is one block of memory, where each object is read and rebuilt field by field
 * (docs/performance.md#the-batch-as-numbers). A team's judged examples stay behind: model scorers put them in their
 * prompts, but neither the rules nor the triage model reads them, and they are up to five posts per pair.
 */
import type { IcpProfile, ScoreInput } from '../types'

/** Per input, in `places`: its text, its profiles, its keyword and its context (NONE: not given). */
const FIELDS = 4
const NONE = -1

/** `reasonFrom`: per input, the score from which its reason is wanted (model/answer.ts). */
export type BatchMessage = {
  contents: string[]
  icpLists: (readonly IcpProfile[])[]
  /** The keywords and contexts the inputs were asked with, each once. */
  words: string[]
  places: Int32Array
  reasonFrom?: Float64Array
}

/** The place of `value` in `list`, added on first sight. */
function placeOf<T>(places: Map<T, number>, list: T[], value: T): number {
  let at = places.get(value)
  if (at === undefined) {
    at = list.push(value) - 1
    places.set(value, at)
  }
  return at
}

export function packBatch(inputs: readonly ScoreInput[], reasonFrom?: readonly number[]): BatchMessage {
  const message: BatchMessage = {
    contents: [],
    icpLists: [],
    words: [],
    places: new Int32Array(inputs.length * FIELDS),
    ...(reasonFrom && { reasonFrom: Float64Array.from(reasonFrom) }),
  }
  const texts = new Map<string, number>()
  // Profiles by identity: polling hands every pair of a team the same list.
  const lists = new Map<readonly IcpProfile[], number>()
  const words = new Map<string, number>()
  const wordOf = (word: string | undefined) => (word === undefined ? NONE : placeOf(words, message.words, word))
  inputs.forEach(({ content, icps, keyword, context, examples: _unread, ...rest }, i) => {
    // A field added to ScoreInput must be sent too: until it is, this does not compile.
    rest satisfies Record<string, never>
    const at = i * FIELDS
    message.places[at] = placeOf(texts, message.contents, content)
    message.places[at + 1] = placeOf(lists, message.icpLists, icps)
    message.places[at + 2] = wordOf(keyword)
    message.places[at + 3] = wordOf(context)
  })
  return message
}

export function unpackBatch(message: BatchMessage): ScoreInput[] {
  const { places, words } = message
  const inputs: ScoreInput[] = []
  for (let at = 0; at < places.length; at += FIELDS) {
    const input: ScoreInput = {
      content: message.contents[places[at] as number] as string,
      icps: message.icpLists[places[at + 1] as number] as readonly IcpProfile[],
    }
    const keyword = places[at + 2] as number
    const context = places[at + 3] as number
    if (keyword !== NONE) input.keyword = words[keyword]
    if (context !== NONE) input.context = words[context]
    inputs.push(input)
  }
  return inputs
}

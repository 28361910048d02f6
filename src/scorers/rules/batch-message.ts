/**
 * A batch of inputs as sent to a rules worker (pool.ts, worker.ts; docs/performance.md#where-a-polling-pass-spends-its-time).
 * Polling asks about one post for every team tracking its keyword, and about many posts with one team's profiles: each
 * text and each list of profiles is sent once, and the inputs point at them, instead of copying them into the worker
 * once per (team, post) pair. A team's judged examples stay behind: model scorers put them in their prompts, but neither
 * the rules nor the triage model reads them, and they are up to five posts per pair.
 */
import type { IcpProfile, ScoreInput } from '../types'

type Item = Omit<ScoreInput, 'content' | 'icps' | 'examples'> & { content: number; icps: number }
/** `reasonFrom`: per item, the score from which its reason is wanted (model/answer.ts). */
export type BatchMessage = {
  contents: string[]
  icpLists: (readonly IcpProfile[])[]
  items: Item[]
  reasonFrom?: number[]
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

export function packBatch(inputs: readonly ScoreInput[], reasonFrom?: number[]): BatchMessage {
  const message: BatchMessage = { contents: [], icpLists: [], items: [], ...(reasonFrom && { reasonFrom }) }
  const texts = new Map<string, number>()
  // Profiles by identity: polling hands every pair of a team the same list.
  const lists = new Map<readonly IcpProfile[], number>()
  for (const { content, icps, examples: _unread, ...rest } of inputs) {
    message.items.push({
      ...rest,
      content: placeOf(texts, message.contents, content),
      icps: placeOf(lists, message.icpLists, icps),
    })
  }
  return message
}

export function unpackBatch(message: BatchMessage): ScoreInput[] {
  return message.items.map(({ content, icps, ...rest }) => ({
    ...rest,
    content: message.contents[content] as string,
    icps: message.icpLists[icps] as readonly IcpProfile[],
  }))
}

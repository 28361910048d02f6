// The rules scorer on 1,200-character posts (a figure of bench/pipeline.ts, docs/scoring.md#performance): posts of the
// pipeline corpus that a pass scored, cut to 1,200 characters, scored with the team's keyword and profiles, each read
// afresh (as a post polling meets once). Checked: every post timed is 1,200 characters long, and every round gives
// each post the answer the polling workers' reader (createRulesReader) gives it.
import { truncate } from '../src/lib/text'
import { createRulesReader, scoreContent } from '../src/scorers/rules/index'
import type { ScoreInput, ScoreResult } from '../src/scorers/types'

export const POST_CHARS = 1200
const ROUNDS = 5
const LEAST_POSTS = 100

/** The input with its post cut to POST_CHARS characters, or null for a shorter post. */
export function cutPost(input: ScoreInput): ScoreInput | null {
  const content = truncate(input.content, POST_CHARS)
  return content.length === POST_CHARS ? { ...input, content } : null
}

export type PostTiming = { us: number; minUs: number; maxUs: number; posts: number }

/** CPU µs a call: the median of ROUNDS rounds over all the posts, with the fastest and slowest round. */
export function timeScorerOnPosts(inputs: ScoreInput[]): PostTiming {
  if (inputs.length < LEAST_POSTS) throw new Error(`only ${inputs.length} posts of ${POST_CHARS} characters to time`)
  if (inputs.some((i) => i.content.length !== POST_CHARS))
    throw new Error(`a timed post is not ${POST_CHARS} characters`)
  const reader = createRulesReader()
  const expected = inputs.map((i) => JSON.stringify(reader.answer(i)))
  const rounds: number[] = []
  for (let r = 0; r < ROUNDS; r++) {
    const answers: ScoreResult[] = new Array(inputs.length)
    const cpu0 = process.cpuUsage()
    for (let i = 0; i < inputs.length; i++) answers[i] = scoreContent(inputs[i] as ScoreInput)
    const cpu = process.cpuUsage(cpu0)
    rounds.push((cpu.user + cpu.system) / inputs.length)
    answers.forEach((a, i) => {
      if (JSON.stringify(a) !== expected[i]) throw new Error(`post ${i}: the timed answer differs from the reader's`)
    })
  }
  const sorted = [...rounds].sort((a, b) => a - b)
  return {
    us: sorted[sorted.length >> 1] as number,
    minUs: sorted[0] as number,
    maxUs: sorted[sorted.length - 1] as number,
    posts: inputs.length,
  }
}

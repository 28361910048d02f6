// The embedded scorer on 1,200-character posts (a figure of bench/pipeline.ts, docs/model.md#performance): posts of
// the pipeline corpus that a pass scored, cut to 1,200 characters, scored with the team's keyword and profiles, each
// read afresh (as a post polling meets once). Checked: every post timed is 1,200 characters long, and every round gives
// each post the answer the polling workers' reader (createRulesReader) gives it.
//
// Alone (`bun bench/scorer-post.ts`): the pipeline corpus's posts, asked by the team that owns the keyword as polling
// asks (with its profiles), then by a team without profiles (the keyword alone, then with a context too: the path
// where the learned model judges word sense, docs/model.md#word-sense).
import { truncate } from '../src/lib/text'
import { createRulesReader, scoreEmbedded } from '../src/scorers/rules/index'
import type { ScoreInput, ScoreResult } from '../src/scorers/types'

export const POST_CHARS = 1200
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
// Rounds scored before the timed ones (some 25,000 posts, a second or two): a server scores posts with code the engine
// has compiled, and the engine's compiler threads (counted by process.cpuUsage) take a second or more of CPU over the
// first rounds, once a process (docs/performance.md#the-scorers-cost-third-round-2026-11-28-night).
const WARM_ROUNDS = Number(process.env.BENCH_WARM_ROUNDS ?? 40)
const LEAST_POSTS = 100

/** The input with its post cut to POST_CHARS characters, or null for a shorter post. */
export function cutPost(input: ScoreInput): ScoreInput | null {
  const content = truncate(input.content, POST_CHARS)
  return content.length === POST_CHARS ? { ...input, content } : null
}

export type PostTiming = { us: number; minUs: number; maxUs: number; posts: number; firstUs: number }

/**
 * CPU µs a call: the median of ROUNDS rounds over all the posts after WARM_ROUNDS untimed ones, with the fastest and
 * slowest round, and the first round alone (`firstUs`, the engine compiling as it scores).
 */
export function timeScorerOnPosts(inputs: ScoreInput[]): PostTiming {
  if (inputs.length < LEAST_POSTS) throw new Error(`only ${inputs.length} posts of ${POST_CHARS} characters to time`)
  if (inputs.some((i) => i.content.length !== POST_CHARS))
    throw new Error(`a timed post is not ${POST_CHARS} characters`)
  const reader = createRulesReader()
  const expected = inputs.map((i) => JSON.stringify(reader.answer(i)))
  const rounds: number[] = []
  for (let r = 0; r < WARM_ROUNDS + ROUNDS; r++) {
    const answers: ScoreResult[] = new Array(inputs.length)
    const cpu0 = process.cpuUsage()
    for (let i = 0; i < inputs.length; i++) answers[i] = scoreEmbedded(inputs[i] as ScoreInput)
    const cpu = process.cpuUsage(cpu0)
    rounds.push((cpu.user + cpu.system) / inputs.length)
    answers.forEach((a, i) => {
      if (JSON.stringify(a) !== expected[i]) throw new Error(`post ${i}: the timed answer differs from the reader's`)
    })
  }
  const sorted = rounds.slice(WARM_ROUNDS).sort((a, b) => a - b)
  return {
    us: sorted[sorted.length >> 1] as number,
    minUs: sorted[0] as number,
    maxUs: sorted[sorted.length - 1] as number,
    posts: inputs.length,
    firstUs: rounds[0] as number,
  }
}

if (import.meta.main) {
  const { corpus, icpsOf, OWN_KEYWORDS } = await import('./pipeline-corpus')
  const { htmlToText } = await import('../src/platforms/common/html-text')
  const posts: ScoreInput[] = []
  corpus().pages.forEach((page, k) => {
    for (const p of page.posts.slice(0, 3)) {
      const content = page.platform === 'hackernews' ? htmlToText(p.text) : p.text
      const post = cutPost({ content, keyword: page.keyword, icps: icpsOf(Math.floor(k / OWN_KEYWORDS)) })
      if (post) posts.push(post)
    }
  })
  const ways: [string, (i: ScoreInput) => ScoreInput][] = [
    ["with the team's profiles", (i) => i],
    ['without profiles, the keyword alone', (i) => ({ ...i, icps: [] })],
    ['without profiles, with a context', (i) => ({ ...i, icps: [], context: `We sell ${i.keyword} software` })],
  ]
  for (const [name, as] of ways) {
    const t = timeScorerOnPosts(posts.map(as))
    console.log(
      `${name}: ${t.us.toFixed(1)} µs CPU a post [rounds ${t.minUs.toFixed(1)}-${t.maxUs.toFixed(1)}; ` +
        `the first, compiling, ${t.firstUs.toFixed(1)}], ${t.posts} posts`,
    )
  }
}

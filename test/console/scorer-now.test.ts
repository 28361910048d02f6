// The Signals page's word on the model now (src/console/scorer-now.ts, docs/console.md#the-signals-page): a load under
// way says it ends by itself, with since when; what needs a hand says which.
import { expect, test } from 'bun:test'
import { type ScorerCondition, scorerNow } from '../../src/console/scorer-now'

const NOW = Date.parse('2026-11-15T12:03:00.000Z')
const at = (state: ScorerCondition['state'], since: string | null = '2026-11-15T12:00:00.000Z'): ScorerCondition => ({
  backend: 'ollama',
  model: 'qwen2.5:3b',
  fallback: 'rules',
  state,
  since,
})

test('a load under way ends by itself, said with since when', () => {
  const said = scorerNow(at('loading'), NOW) ?? ''
  expect(said).toContain('has been loading the model “qwen2.5:3b” since ')
  expect(said).toContain('(3 min ago)')
  expect(said).toContain('answers by itself once it is loaded')
  expect(said).toContain('the embedded scorer answers meanwhile')
  expect(said).not.toContain('rules scorer')
})

test('a load with scorer.fallback = "none" leaves posts unscored meanwhile: no embedded scorer answers', () => {
  const said = scorerNow({ ...at('loading'), fallback: 'none' }, NOW) ?? ''
  expect(said).toContain('answers by itself once it is loaded')
  expect(said).toContain('posts wait unscored meanwhile (scorer.fallback = "none").')
  expect(said).not.toContain('embedded scorer')
  expect(said).not.toContain('rules scorer')
})

test('what needs a hand says which: a server down, a model to pull, a model too slow, a timeout', () => {
  expect(scorerNow(at('unreachable'), NOW)).toContain('not been reachable')
  expect(scorerNow(at('model_missing'), NOW)).toContain('run “ollama pull qwen2.5:3b”')
  expect(scorerNow({ ...at('model_missing'), backend: 'openai' }, NOW)).not.toContain('ollama pull')
  expect(scorerNow(at('slow'), NOW)).toContain('does not end by itself')
  expect(scorerNow(at('timing_out'), NOW)).toContain('scorer.timeout_ms')
  expect(scorerNow(at('answering', null), NOW)).toContain('answers again')
  expect(scorerNow(at('embedded', null), NOW)).toBeNull()
  expect(scorerNow(at('unknown', null), NOW)).toBeNull()
})

test('since when reads as English: a state that lasts is said in the present perfect before "since"', () => {
  expect(scorerNow(at('slow'), NOW)).toMatch(
    /^the model “qwen2\.5:3b” is loaded but has answered more slowly than scorer\.timeout_ms allows since \S+.* \(3 min ago\):/,
  )
  expect(scorerNow(at('loading'), NOW)).toMatch(/^the model server has been loading the model “qwen2\.5:3b” since /)
  expect(scorerNow(at('unreachable'), NOW)).toMatch(/^the model server has not been reachable since /)
  expect(scorerNow(at('model_missing'), NOW)).toMatch(
    /^the model server has been without the model “qwen2\.5:3b” since /,
  )
  expect(scorerNow(at('unavailable'), NOW)).toMatch(
    /^the model server has answered but not served the model “qwen2\.5:3b” since /,
  )
  expect(scorerNow(at('failing'), NOW)).toMatch(/^the model’s calls have failed since /)
})

test('a setting a team cannot change is named with the file it is changed in', () => {
  const file = 'in this server’s configuration file'
  expect(scorerNow(at('unreachable'), NOW)).toEndWith(`correct its address: scorer.ollama.host ${file}.`)
  expect(scorerNow({ ...at('unreachable'), backend: 'openai' }, NOW)).toContain(`scorer.openai.base_url ${file}`)
  expect(scorerNow(at('model_missing'), NOW)).toContain(`set scorer.ollama.model ${file} to a model it has`)
  expect(scorerNow({ ...at('model_missing'), backend: 'openai' }, NOW)).toContain(`set scorer.openai.model ${file}`)
})

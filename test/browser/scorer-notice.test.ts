// The Signals page says what the model does (docs/console.md#the-signals-page), in Chromium at a laptop's and a phone's
// size, where no signal brings up the embedded scorer's stand-in notice: a new team's empty page, and the model's own
// signals while its server is down with scorer.fallback = "none", which leaves nothing to stand in. The Settings
// page's words for the same are in scorer-status.test.ts.
import { describe, expect, test } from 'bun:test'
import { SIZES } from '../support/one-team-console'
import { scorerSites, signalsNotice } from '../support/scorer-sites'

scorerSites()

describe('the Signals page says so too, with no signal the embedded scorer judged to bring up its stand-in notice', () => {
  for (const size of SIZES) {
    test(`a new team, its model not pulled: what is wrong, what to run, what scores meanwhile (${size[0]})`, async () => {
      const said = await signalsNotice('missing', size, 'signals-scorer-missing')
      expect(said).not.toMatch(/\b(ollama|openai|rules) scorer/)
      // The server named once, then "it" (Settings' sentence, on its own, names it again).
      expect(said).toMatch(
        /^The Ollama model server cannot answer: it has been without the model “qwen2\.5:3b” since [^(]+ \(just now\): on that/,
      )
      expect(said).toContain('run “ollama pull qwen2.5:3b”')
      // The Settings page's words, from its own component: the same advice, not a third wording of it.
      expect(said).toContain('Until it answers, the embedded scorer judges posts (tagged “embedded scorer”).')
      expect(said).not.toContain('rules scorer')
      expect(said).toContain('lead-signals scorer check says why')
    })

    test(`the model's own signals, its server down, fallback "none": nothing scores meanwhile (${size[0]})`, async () => {
      const said = await signalsNotice('strict', size, 'signals-scorer-strict')
      expect(said).toMatch(/cannot answer: it has not been reachable since [^(]+ \(just now\): start it/)
      expect(said).toContain('Until it answers, posts wait unscored (scorer.fallback = "none").')
      expect(said).not.toContain('127.0.0.1')
    })

    test(`the embedded scorer configured: no notice (${size[0]})`, async () => {
      expect(await signalsNotice('rules', size)).toBeNull()
    })
  }
})

// The Settings page's Scorer section (docs/console.md#settings), in Chromium at a laptop's and a phone's size, on a
// fresh site with no signals yet: which scorer is configured, whether its model answers, and what to do when it does
// not, without waiting for signals the embedded scorer judged; and a model still loading, said on Settings and on the
// Signals page alike. The Signals page's other notices are in scorer-notice.test.ts; the sites in
// test/support/scorer-sites.ts.
import { describe, expect, test } from 'bun:test'
import { SIZES } from '../support/one-team-console'
import { scorerSection, scorerSites, signalsNotice } from '../support/scorer-sites'

scorerSites()

describe('the Settings page says how leads are scored', () => {
  for (const size of SIZES) {
    test(`a model not pulled: the model, what to run, and that the embedded scorer judges meanwhile (${size[0]})`, async () => {
      const said = await scorerSection('missing', size, 'scorer-status-missing')
      expect(said).toContain('The Ollama model server with the model “qwen2.5:3b” is configured.')
      // Named as a person calls it, not by the setting's id: "The ollama scorer" before.
      expect(said).not.toMatch(/\b(ollama|openai|rules) scorer/)
      expect(said).toMatch(/The model server has been without the model “qwen2\.5:3b” since [^(]+ \(just now\)/)
      expect(said).toContain('run “ollama pull qwen2.5:3b”')
      expect(said).toContain('Until it answers, the embedded scorer judges posts (tagged “embedded scorer”).')
      expect(said).not.toContain('rules scorer')
      expect(said).toContain('lead-signals scorer check says why')
      expect(said).not.toContain('Now ')
    })

    test(`a model server down: start it (${size[0]})`, async () => {
      const said = await scorerSection('down', size, 'scorer-status-down')
      expect(said).toMatch(/The model server has not been reachable since [^(]+ \(just now\): start it/)
      expect(said).toContain('Until it answers, the embedded scorer judges posts')
      // Nothing of the server's address for a team's members.
      expect(said).not.toContain('127.0.0.1')
    })

    test(`scorer.fallback = "none": no embedded scorer meanwhile (${size[0]})`, async () => {
      const said = await scorerSection('strict', size)
      expect(said).toContain('Until it answers, posts wait unscored (scorer.fallback = "none").')
      expect(said).not.toContain('scorer judges')
    })

    test(`the embedded scorer configured: nothing to check (${size[0]})`, async () => {
      const said = await scorerSection('rules', size)
      expect(said).toContain('The embedded scorer is configured: it needs no model server.')
      expect(said).not.toContain('rules scorer')
      expect(said).not.toContain('scorer check')
    })
  }
})

describe('a model loading with scorer.fallback = "none": nothing scores meanwhile, not the embedded scorer', () => {
  for (const size of SIZES)
    test(`on Settings and on the Signals page (${size[0]})`, async () => {
      const notice = await signalsNotice('loadingStrict', size, 'signals-scorer-loading-none')
      // On the Signals page a load is not said as a failure: the model cannot answer yet.
      expect(notice).toStartWith('The Ollama model server cannot answer yet: it has been loading')
      for (const said of [await scorerSection('loadingStrict', size, 'scorer-status-loading-none'), notice]) {
        expect(said).toContain('has been loading the model “qwen2.5:3b”')
        expect(said).toContain('the model answers by itself once it is loaded')
        expect(said).toContain('posts wait unscored meanwhile (scorer.fallback = "none")')
        expect(said).not.toContain('embedded scorer')
        expect(said).not.toContain('rules scorer')
      }
    })
})

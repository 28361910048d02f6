import { describe, expect, test } from 'bun:test'
import { cutAtWord, previewShown } from '../../src/lib/text'

// A reason or a name cut short for a message (a signal's reason in Slack, the rules' reading quoted in the model's
// reason) ends where a word ends: "spreadshee…" reads as a typo.
describe('cutAtWord', () => {
  test('a text within the length is as it is', () => {
    expect(cutAtWord('asks for a spreadsheet', 22)).toBe('asks for a spreadsheet')
  })

  test('a cut inside a word goes back to the end of the word before', () => {
    expect(cutAtWord('asks for a spreadsheet replacement', 20)).toBe('asks for a')
    expect(cutAtWord('keyword "crm" present', 17)).toBe('keyword "crm"')
  })

  test('a cut that falls at a word end keeps that word', () => {
    expect(cutAtWord('asks for a spreadsheet replacement', 22)).toBe('asks for a spreadsheet')
    expect(cutAtWord('asks for a spreadsheet replacement', 23)).toBe('asks for a spreadsheet')
  })

  test('one word longer than the last 40 characters is cut inside it, not down to nothing', () => {
    const long = `see ${'x'.repeat(100)}`
    expect(cutAtWord(long, 60)).toBe(long.slice(0, 60))
  })

  test('an emoji is never split in two', () => {
    expect(cutAtWord(`${'😀'.repeat(30)}`, 11)).toBe('😀'.repeat(5))
  })
})

describe('a preview as a card or a message shows it (previewShown)', () => {
  const full = `${'a '.repeat(136)}We need an outbound prospecting tool for our sales team.`
  const preview = full.slice(0, 300)

  test('a preview cut inside a word ends at the word before, with "…"', () => {
    expect(preview.endsWith('outbound prospect')).toBe(true)
    const shown = previewShown(preview, full)
    expect(shown.endsWith(' We need an outbound…')).toBe(true)
    expect(full.startsWith(shown.slice(0, -1))).toBe(true)
  })

  test('a preview cut after a word or a stop loses the spaces and stops before its "…"', () => {
    const full2 = `${'a'.repeat(290)} fine. More text here`
    expect(previewShown(full2.slice(0, 300), full2)).toBe(`${'a'.repeat(290)} fine…`)
  })

  test('a post that fits, or no full text, is shown as it is', () => {
    expect(previewShown('short post', 'short post')).toBe('short post')
    expect(previewShown('short post', null)).toBe('short post')
    expect(previewShown(preview, undefined)).toBe(preview)
  })

  test('a word longer than 40 characters at the cut is cut where it is, still with "…"', () => {
    const link = `${'x '.repeat(125)}${'p'.repeat(100)}`
    const shown = previewShown(link.slice(0, 300), link)
    expect(shown).toBe(`${link.slice(0, 300)}…`)
  })

  test('a post known to go on past its preview, its text not at hand, loses the word at the cut', () => {
    expect(previewShown(preview, true).endsWith(' We need an outbound…')).toBe(true)
    expect(previewShown(`${'a '.repeat(140)}ends her`, true)).toBe(`${'a '.repeat(140)}ends…`)
    expect(previewShown(`${'a '.repeat(140)}ends here.`, true)).toBe(`${'a '.repeat(140)}ends here…`)
  })
})

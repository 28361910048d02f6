import { describe, expect, test } from 'bun:test'
import { cutAtWord } from '../../src/lib/text'

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

import { describe, expect, test } from 'bun:test'
import { firstWords } from '../../../src/scorers/rules/first-words'

// docs/model.md#performance: what every match of a cue starts with, read from its expression. A start must be a
// condition every match meets (word-index.test.ts checks that on posts); these pin how an expression is read.

/** The starts, sorted, with "|" after those that need a character that is not a word's next. */
const starts = (source: string) =>
  firstWords(source)
    ?.map((s) => `${s.text}${s.whole ? '|' : ''}`)
    .sort() ?? null
const expectStarts = (source: string, expected: string[]) => expect(starts(source)).toEqual([...expected].sort())

describe('the starts of a cue', () => {
  test('literal words, with "|" where the match needs a character that is not a word’s next', () => {
    expectStarts('\\b(?:hate|hates|loathe)\\b', ['hate|', 'hates|', 'loathe|'])
    expectStarts("\\bcan['’]?t\\s+stand\\b", ["can't stand|", 'can’t stand|', 'cant stand|'])
    expectStarts('\\b(?:keeps?|kept)\\s+crashing|\\bagain\\s*[?!]', [
      'keep crashing',
      'keeps crashing',
      'kept crashing',
      'again|',
      'again ',
    ])
    expectStarts('\\b\\d+\\s+days', [...'0123456789'])
    expectStarts('\\b[12]\\s?/\\s?5', ['1|', '2|', '1 ', '2 '])
    // A point stands for itself escaped or in a class; alone it is any character, which ends the start.
    expectStarts('\\b(?:asap|a\\.s\\.a\\.p)\\b', ['asap|', 'a.s.a.p|'])
    expectStarts('\\bv[.]?\\s?2', ['v2', 'v.2', 'v 2', 'v. 2'])
    expectStarts('\\bfoo.bar', ['foo'])
  })

  test('past the first word while the expression stays literal: optional words, white space, apostrophes', () => {
    expectStarts('\\b(?:i|we)\\s+(?:really\\s+)?(?:want|need)\\b', [
      'i want|',
      'i need|',
      'we want|',
      'we need|',
      'i really want|',
      'i really need|',
      'we really want|',
      'we really need|',
    ])
    expectStarts('\\b(?:how\\s+)?do\\s+you', ['do you', 'how do you'])
    expectStarts('\\bany\\s*one\\b', ['anyone|', 'any one|'])
  })

  test('look-arounds take no characters; a piece not read ends the starts there', () => {
    expectStarts('\\b(?<=(?:^|[.!?])\\s*)(?:need|want)\\s+a\\w+', ['need a', 'want a'])
    expectStarts('\\b(?:frustrat\\w*|ugh+)\\b', ['frustrat', 'ugh'])
    expectStarts('\\bwe\\s+(?:\\w+\\s+)?left', ['we ', 'we left'])
    expectStarts('\\b(?:(?:in\\s+this|this)\\s+guide|Psa)', ['in this guide', 'this guide', 'psa'])
  })

  test('none when a match could start elsewhere: no word boundary, not a word, an emoji, a question mark', () => {
    expect(firstWords("(?:n[’']t|\\bnever)\\b")).toBeNull()
    expect(firstWords('\\b(?:#\\w+|foo)')).toBeNull()
    expect(firstWords('(?:😡|😠)')).toBeNull()
    expect(firstWords('\\bfoo|#bar')).toBeNull()
    expect(firstWords('\\?')).toBeNull()
  })
})

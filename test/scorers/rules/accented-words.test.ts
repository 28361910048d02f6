import { describe, expect, test } from 'bun:test'
import { cue } from '../../../src/scorers/rules/cue'
import { firstMatch, wordAt } from '../../../src/scorers/rules/match'
import { readPost } from '../../../src/scorers/rules/reading'

// docs/model.md#the-rules-scorer: `\b` sees only ASCII letters, so an accented letter looks like a word's edge to it.
// A cue's match that starts or ends against such a letter is a piece of a longer word and does not count.

describe('words with an accented letter', () => {
  test('a cue does not match a piece of a word cut at an accented letter, before or after it', () => {
    expect(firstMatch('Bugün kasa yine çöktü', cue('\\bbug\\b', 'a bug', 1))).toBeNull()
    expect(firstMatch('Saiu uma notícia boa hoje', cue('\\bnot\\b', 'a negation', 1, false))).toBeNull()
    expect(firstMatch('Wir suchen eine günstigere Alternative', cue('\\bnstigere\\b', 'a name', 1))).toBeNull()
  })

  test('the same cue still matches a whole word, beside accented words and in scripts written without spaces', () => {
    expect(firstMatch('Bugün: another bug in the till', cue('\\bbug\\b', 'a bug', 1))?.[0]).toBe('bug')
    expect(firstMatch('Café: not again', cue('\\bnot\\b', 'a negation', 1, false))?.[0]).toBe('not')
    expect(firstMatch('昨日のZoom飲み、楽しかった', cue('\\bzoom\\b', 'a name', 1))?.[0]).toBe('Zoom')
  })

  test('a word of a profile is whole only when no accented letter touches it', () => {
    expect(wordAt('un café au lait', 3, 3)).toBe(false)
    expect(wordAt('un caf au lait', 3, 3)).toBe(true)
    expect(wordAt('smörgåsbord', 0, 3)).toBe(false)
  })

  test('a keyword with an accented letter is found in its plural and beside other words, and not inside another word', () => {
    const present = (content: string, keyword: string) => readPost(content, keyword, undefined).keywordPresent
    expect(present('Pregunta para autónomos: ¿el IVA del móvil se deduce?', 'autónomo')).toBe(true)
    expect(present('Síndico profissional: 6 condomínios e tudo em planilha', 'condomínio')).toBe(true)
    expect(present('Welches Kassensystem nutzt ihr für kleine Cafés?', 'Kassensystem für Cafés')).toBe(true)
    expect(present('Die Autonomie der Teams ist uns wichtig', 'autónomo')).toBe(false)
    expect(present('Ein Kassensystem für Bäckereien', 'Kassensystem für Cafés')).toBe(false)
    // Greek and Cyrillic letters are a word's letters too: such a keyword is looked for, not taken as present.
    expect(present('Наша касса опять сломалась', 'касса')).toBe(true)
    expect(present('Ищу хорошую программу для магазина', 'касса')).toBe(false)
  })
})

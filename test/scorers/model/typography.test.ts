// Platforms dress the same words differently: a phone types "don’t" for "don't", a long post joins clauses with
// "—", a reply ends with "🙏", a post links a page. The model must read the words, not the dress (model/word-scan.ts,
// rules/links.ts).
import { describe, expect, test } from 'bun:test'
import { features } from '../../../src/scorers/model/features'
import { embeddedModel } from '../../../src/scorers/model/index'
import { createRulesReader } from '../../../src/scorers/rules/index'
import { readPost } from '../../../src/scorers/rules/reading'
import type { ScoreInput } from '../../../src/scorers/types'
import { EVERY_FEATURE } from '../../../src/scorers/model/vocabulary'

const PLAIN =
  "We're a 12-person agency and we don't trust our spreadsheet anymore - deals slip through. Looking for a CRM " +
  'with a proper pipeline view, budget approved for next quarter. What do you use?'
const icps = [{ name: 'Agencies', description: 'CRM for marketing agencies with a sales team of 5 to 50' }]

/** The identities of a post's hashed words in the order met, whether the weights read them or not. */
function buckets(content: string): number[] {
  const input: ScoreInput = { content, keyword: 'crm', icps }
  const read = readPost(content, 'crm', undefined)
  const f = features(read, input, embeddedModel(read).bits, EVERY_FEATURE)
  return [...f.text.met.subarray(0, f.text.metN)]
}

/**
 * Each way of dressing the post, and whether the rules, whose facts the model reads beside the words, read it alike.
 */
const dressed: Record<string, [string, boolean]> = {
  'curly apostrophes': [PLAIN.replaceAll("'", '\u2019'), true],
  'an em dash for " - "': [PLAIN.replace(' - ', '\u2014'), true],
  'emoji at the end': [`${PLAIN} 🙏🙏`, true],
  'an emoji glued to a word': [PLAIN.replace('Looking', '🚀Looking'), true],
  'an ellipsis': [PLAIN.replace('anymore', 'anymore…'), true],
  // A link is not read, neither its words nor its query's "?" (rules/links.ts).
  'a link at the end': [`${PLAIN}\n\nhttps://www.brightleaf.studio/p/8812?utm_source=x`, true],
  'a link inside': [PLAIN.replace('quarter.', 'quarter. https://imgur.com/a/Xk2p9?s=1'), true],
  // The rules read a heart as praise, and do not know this apostrophe: only the words are the same.
  'an emoji with a variation selector': [PLAIN.replace('anymore', 'anymore ❤️'), false],
  'a modifier letter apostrophe': [PLAIN.replaceAll("'", '\u02bc'), false],
}

describe('the model reads the words of a post, not how a platform typed them', () => {
  const plain = buckets(PLAIN)
  const buyer = (content: string) => createRulesReader().buyer({ content, keyword: 'crm', icps })
  for (const [how, [content, rulesAlike]] of Object.entries(dressed)) {
    test(how, () => {
      expect(buckets(content)).toEqual(plain)
      if (rulesAlike) expect(buyer(content)).toBe(buyer(PLAIN))
    })
  }

  test('a different word is read differently, so the checks above can fail', () => {
    expect(buckets(PLAIN.replace("don't", 'do'))).not.toEqual(plain)
    expect(buckets(PLAIN.replace('anymore', 'anymore\u2605more'))).not.toEqual(plain)
  })

  test('letters of other scripts are still letters', () => {
    expect(buckets(`${PLAIN} Пишите в личку.`).length).toBeGreaterThan(plain.length)
    expect(buckets(`${PLAIN} 预算已批准`).length).toBeGreaterThan(plain.length)
  })
})

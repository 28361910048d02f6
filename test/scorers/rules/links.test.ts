import { describe, expect, test } from 'bun:test'
import { withoutLinks } from '../../../src/scorers/rules/links'
import { readPost } from '../../../src/scorers/rules/reading'
import { scoreWithModel, withQueryWords } from '../../../src/scorers/model/index'
import { fastestMs } from '../../support/cpu-time'

// docs/model.md#reading-a-post: a link is not read.
describe('links', () => {
  test('a link is blanked to spaces, sentence punctuation after it kept, and every place in the post stays', () => {
    const cases: [string, string, string][] = [
      ['see ', 'https://example.com/p/8812?utm_source=x', ''],
      ['Switching from ', 'https://www.pipedrive.com', ', any advice?'],
      ['notes (', 'https://docs.acmecloud.io/setup?ref=forum#step-2', ') here'],
      ['', 'www.acme.io', '.'],
      ['', 'HTTPS://WWW.ACME.IO/Pricing', ''],
    ]
    for (const [before, link, after] of cases)
      expect(withoutLinks(before + link + after)).toBe(before + ' '.repeat(link.length) + after)
  })

  test('what is not a link is left as written', () => {
    for (const post of ['write to bob@www.acme.io', 'no link here?', 'http:// alone', 'awww. so cute'])
      expect(withoutLinks(post)).toBe(post)
  })

  test("a link's query is no question and its path no words; a question mark after it still asks", () => {
    const plain = 'We run a 12-person agency and our CRM keeps dropping leads.'
    expect(readPost(plain, 'crm', undefined).asks).toBe(false)
    expect(readPost(`${plain} https://youtube.com/watch?v=x8Kq2`, 'crm', undefined).asks).toBe(false)
    expect(readPost(`${plain} Anyone tried https://acme.io?`, 'crm', undefined).asks).toBe(true)
    const words = readPost(`${plain} https://acme.io/pricing-plans/enterprise`, 'crm', undefined).words.roots.roots
    expect(words.some((w: string) => w.startsWith('pricing') || w.startsWith('enterpr'))).toBe(false)
  })

  test('a post gets the same answer with a link or without one', () => {
    const input = (link: string) => ({
      content: `Budget is approved for a CRM for our 8-person agency, demos this week.${link}`,
      keyword: 'crm',
      context: 'We sell a CRM for small agencies',
      icps: [],
      competitors: [],
    })
    const a = scoreWithModel(input(''))
    expect(a.score).toBeGreaterThanOrEqual(6)
    for (const link of [' https://brightleaf.studio/about?ref=reddit', '\n\nwww.brightleaf.studio/team#photos'])
      expect(scoreWithModel(input(link))).toEqual(a)
  })

  test("a query's alternative written only inside a link is not the one the post holds", () => {
    const content = 'Looking for a CRM for our 6-person agency, notes from the demo: https://hubspot.com/demo?id=4'
    expect(withQueryWords({ content, keyword: 'hubspot OR crm', icps: [] }).keyword).toBe('crm')
  })

  test('a long run of link characters is read in linear time', async () => {
    for (const post of [
      'https://a' + '.'.repeat(20_000) + 'x',
      'www.'.repeat(5_000),
      'https://a' + '/?#'.repeat(7_000),
    ]) {
      expect(await fastestMs(50, () => withoutLinks(post))).toBeLessThan(50)
      expect(withoutLinks(post).length).toBe(post.length)
    }
  })
})

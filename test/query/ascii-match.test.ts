// Plain ASCII posts are matched as they are, ignoring case, instead of on a normalised copy
// (src/query/term-pattern.ts): these tests hold the two ways to the same answer for every text, ASCII or not.
import { describe, expect, test } from 'bun:test'
import type { QueryNode, TermNode } from '../../src/query/ast'
import { readQuery } from '../../src/query/parse'
import { matchText, normalised, occursIn } from '../../src/query/term-pattern'

const termsOf = (node: QueryNode): TermNode[] =>
  node.kind === 'term'
    ? [node]
    : node.kind === 'and' || node.kind === 'or'
      ? node.items.flatMap(termsOf)
      : node.kind === 'not'
        ? termsOf(node.item)
        : []
const terms = (query: string) => termsOf(readQuery(query).root)

/** The way every post was matched before: its NFKC, lower-case copy. */
const onNormalisedCopy = (term: TermNode, text: string) => occursIn(term, { text: normalised(text), ascii: false })

const QUERIES = [
  'crm',
  '"crm software"',
  'integr*',
  'help-desk',
  'e-signature',
  '"c++"',
  'k8s',
  '2fa',
  'istanbul',
  'İstanbul',
  'izmir',
  'ıslak',
  'straße',
  'strasse',
  'café',
  'ﬁle',
  'file',
  'ｃｒｍ',
  'Kelvin',
  'kelvin',
  'ſtar',
  'star',
  'ǅemal',
  'ΟΔΥΣΣΕΥΣ',
  'οδυσσευς',
  '客户',
  '"customer 管理"',
  'x_y',
  'Ärger',
  'ärger',
]
const TEXTS = [
  'We need a CRM for our team',
  'crm',
  'CRMs are everywhere',
  'xcrm and crmx',
  'CRM_software, CRM-Software, crm\nsoftware, CRM  \t software',
  'Integrations: INTEGRATE it',
  'HELP-DESK or help desk or helpdesk',
  'E-SIGNATURE',
  'C++ and c# and K8S and 2FA',
  'ISTANBUL and Istanbul',
  'İSTANBUL and İstanbul and İzmir',
  'IZMIR ISLAK',
  'STRASSE and Straße and STRAẞE',
  'CAFE and Café and CAFÉ and cafe\u0301',
  'ﬁle and FILE and File',
  'Ｃｒｍ and ＣＲＭ',
  'KELVIN and \u212Aelvin',
  'STAR and \u017Ftar',
  'Ǆemal and ǅemal and DŽemal',
  'ΟΔΥΣΣΕΥΣ and Οδυσσευς',
  '客户管理 and customer 管理',
  'X_Y and x-y',
  'ÄRGER and Ärger and A\u0308rger',
  '',
  '\u0000\u0007crm\u007f',
]

describe('a plain ASCII post is matched as it is, ignoring case, with the answers of its normalised copy', () => {
  test('ASCII texts are kept as they are; others are normalised', () => {
    expect(matchText('Need a CRM\tnow\n')).toEqual({ text: 'Need a CRM\tnow\n', ascii: true })
    expect(matchText('Need a CRM – now')).toEqual({ text: 'need a crm – now', ascii: false })
    expect(matchText('ＣＲＭ')).toEqual({ text: 'crm', ascii: false })
    expect(matchText('é')).toEqual({ text: 'é', ascii: false })
  })

  test('every term of tricky queries, on tricky texts and their ASCII and upper-case forms', () => {
    let matched = 0
    let checked = 0
    for (const query of QUERIES) {
      for (const term of terms(query)) {
        for (const base of TEXTS) {
          for (const text of [base, base.toUpperCase(), base.replace(/[^\0-\x7f]/g, '?'), `${base} ${query}`]) {
            const answer = occursIn(term, matchText(text))
            expect(`${query} in ${JSON.stringify(text)}: ${answer}`).toBe(
              `${query} in ${JSON.stringify(text)}: ${onNormalisedCopy(term, text)}`,
            )
            checked++
            if (answer) matched++
          }
        }
      }
    }
    // Both answers are well represented, so the comparison says something.
    expect(matched).toBeGreaterThan(150)
    expect(checked - matched).toBeGreaterThan(1000)
  })

  test('random mixes of letters, case, marks and separators', () => {
    let seed = 42
    const next = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff
      return seed / 0x80000000
    }
    const pieces = ['crm', 'CRM', 'Crm', 'soft', 'ware', 'i', 'I', 'İ', 'ı', 's', 'S', 'ſ', 'k', 'K', '\u212A', 'ß']
    const seps = [' ', '', '-', '_', '\n', "'", '.', '\u0301', '1']
    const word = () =>
      Array.from({ length: 1 + Math.floor(next() * 3) }, () => pieces[Math.floor(next() * pieces.length)]).join('')
    const text = () =>
      Array.from({ length: 2 + Math.floor(next() * 6) }, () => word() + seps[Math.floor(next() * seps.length)]).join('')
    let ascii = 0
    let matched = 0
    for (let i = 0; i < 3000; i++) {
      const query = `${word()} "${word()} ${word()}" ${word()}*`.replace(/[^\p{L}\p{N}\p{M} "*]/gu, '')
      // Half the texts plain ASCII, as most fetched posts are.
      const t = i % 2 ? text() : text().replace(/[^\0-\x7f]/gu, 'i')
      if (matchText(t).ascii) ascii++
      for (const term of terms(query)) {
        const answer = occursIn(term, matchText(t))
        expect(answer).toBe(onNormalisedCopy(term, t))
        if (answer) matched++
      }
    }
    expect(ascii).toBeGreaterThan(1500)
    expect(matched).toBeGreaterThan(300)
  })

  test('only ſ and the Kelvin sign fold to an ASCII letter, and no normalised text holds either', () => {
    const foldsToAscii = /^[\0-\x7f]$/iu
    const found: number[] = []
    const all: string[] = []
    for (let cp = 0x80; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue
      const c = String.fromCodePoint(cp)
      if (foldsToAscii.test(c)) found.push(cp)
      all.push(c)
    }
    expect(found).toEqual([0x17f, 0x212a])
    // Every character, alone and beside its neighbours, upper and lower case, as a term's words are made.
    for (let i = 0; i < all.length; i += 4096) {
      const chunk = all.slice(i, i + 4096)
      for (const text of [...chunk, chunk.join(''), chunk.join('').toUpperCase()])
        expect(/[\u017f\u212a]/u.test(normalised(text))).toBe(false)
    }
  })
})

// rules/fit.ts: a reason written within its characters. The quotes shorten first, the parts that may go leave next,
// and when even what must stay is too long, the whole is cut where a word ends and a quotation it opened is closed.
import { describe, expect, test } from 'bun:test'
import { fitted, type Part } from '../../../src/scorers/rules/fit'

const balanced = (text: string) => text.split('"').length % 2 === 1

describe('a reason fitted to its characters', () => {
  const parts: Part[] = [
    { group: 0, pieces: ['wants to buy (', { quote: 'we are looking for a new CRM for the whole team' }, ')'] },
    { group: 0, pieces: ['asks for recommendations (', { quote: 'can anyone recommend one' }, ')'], goes: 2 },
    { group: 1, pieces: ['matches ICP "Sales teams" (sales, team)'] },
    { group: 2, pieces: ['keyword ', { quote: 'crm' }, ' present'], goes: 1 },
  ]

  test('whole when it fits', () => {
    expect(fitted('ACTIVE: ', parts, '.', 500)).toBe(
      'ACTIVE: wants to buy ("we are looking for a new CRM for the whole team"), asks for recommendations ' +
        '("can anyone recommend one"); matches ICP "Sales teams" (sales, team); keyword "crm" present.',
    )
  })

  test('the quotes shorten first, to one length, at a word and with "…"', () => {
    const text = fitted('ACTIVE: ', parts, '.', 160)
    expect(text.length).toBeLessThanOrEqual(160)
    // Both quotes were longer than the length they share (about 20); "crm" was not.
    expect(text).toContain('("we are looking for…")')
    expect(text).toContain('("can anyone…")')
    expect(fitted('ACTIVE: ', parts, '.', 175)).toContain('("can anyone recommend one")')
    expect(text).toContain('matches ICP "Sales teams" (sales, team); keyword "crm" present.')
  })

  test('then the parts that may go leave, the first to go first; the profile stays', () => {
    const text = fitted('ACTIVE: ', parts, '.', 120)
    expect(text.length).toBeLessThanOrEqual(120)
    expect(text).not.toContain('keyword')
    expect(text).toContain('matches ICP "Sales teams" (sales, team).')
  })

  test('what must stay, too long, is cut where a word ends, its quotation closed', () => {
    const long: Part[] = [
      {
        group: 0,
        pieces: [
          'asks about "Acme Customer Relationship Platform Enterprise" for their own team (',
          { quote: 'ours' },
          ')',
        ],
      },
    ]
    const text = fitted('ACTIVE: ', long, '.', 50)
    expect(text.length).toBeLessThanOrEqual(50)
    expect(text).toBe('ACTIVE: asks about "Acme Customer Relationship…"')
    expect(balanced(text)).toBe(true)
  })
})

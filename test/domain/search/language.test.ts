// The language `lang:` and the earlier route read (docs/queries.md#filters), with the detector itself: short posts
// are where a detector errs, and a `lang:en` keyword that reads a plain English question as French loses that lead.
import { beforeAll, describe, expect, test } from 'bun:test'
import { languageOf, loadLanguageDetector } from '../../../src/domain/search/language'
import { postMatcher } from '../../../src/domain/search/query-filter'
import { readQuery } from '../../../src/query/parse'

beforeAll(loadLanguageDetector)

// Written for this test: the kind of short English post a detector trained on longer text tends to misread.
const SHORT_ENGLISH = [
  'Our CAC = spend / new customers, and it doubled. Need a better CRM',
  'ROI = (gain - cost) / cost. Is HubSpot worth it?',
  'Who does payroll for a 12 person bakery? Ours just quit on us',
  'Any recs for a dentist booking app that texts reminders?',
  'Shopping for a cheaper status page tool before renewal in May.',
  'Our warehouse lease ends soon, looking at 3PL quotes now',
]

describe('languageOf', () => {
  test('short English posts read as English', () => {
    expect(SHORT_ENGLISH.map(languageOf)).toEqual(SHORT_ENGLISH.map(() => 'en'))
  })

  test('other languages read as themselves', () => {
    expect(languageOf('Wir suchen ein neues CRM für unser kleines Team, habt ihr Tipps?')).toBe('de')
    expect(languageOf('¿Alguien conoce un buen software de nóminas para una panadería?')).toBe('es')
    expect(languageOf('小さな会社向けの予約システムを探しています。おすすめはありますか？')).toBe('ja')
    expect(languageOf('Шукаємо нову CRM для агенції, що порадите?')).toBe('uk')
  })

  test('a link is not read as words, and what is too short to tell is undetermined', () => {
    expect(languageOf('Need a new helpdesk, ours is https://example.com.br/atendimento/planos-e-precos')).toBe('en')
    expect(languageOf('https://example.com/pricing')).toBe('und')
    expect(languageOf('crm')).toBe('und')
    expect(languageOf('👍')).toBe('und')
  })
})

describe('lang: in a keyword', () => {
  test('keeps the short English posts and drops a German one', async () => {
    const matches = await postMatcher(readQuery('(crm OR payroll OR app OR tool OR 3pl OR hubspot) lang:en'))
    const post = (content: string) => ({
      content,
      author: 'ann',
      platform: 'reddit' as const,
      url: 'https://www.reddit.com/r/x/1',
    })
    expect(SHORT_ENGLISH.filter((content) => matches(post(content)))).toEqual(SHORT_ENGLISH)
    expect(matches(post('Wir suchen ein neues CRM für unser kleines Team, habt ihr Tipps?'))).toBe(false)
  })
})

import { describe, expect, test } from 'bun:test'
import { createRulesScorer } from '../../../src/scorers/rules/index'
import { readPost } from '../../../src/scorers/rules/reading'

// docs/model.md#reading-a-post: a keyword's Japanese, Chinese, Korean or Thai letters are looked for inside the
// post's text as written; those scripts join particles to a word or write without spaces.
const present = (content: string, keyword: string) => readPost(content, keyword, undefined).keywordPresent

describe('a keyword in a script written without spaces between its words', () => {
  test('is found with a particle joined to it, and not where the post lacks it', () => {
    expect(present('請求書を毎月手作業で作っていて、もう限界です', '請求書')).toBe(true)
    expect(present('来週の旅行の予定をまだ決めていません', '請求書')).toBe(false)
    expect(present('我们公司在找一个好用的发票软件', '发票软件')).toBe(true)
    expect(present('周末去爬山，天气很好', '发票软件')).toBe(false)
  })

  test('in Korean and Thai, each run of its letters is looked for', () => {
    expect(present('결제를 한 번에 처리할 시스템을 찾고 있어요', '결제 시스템')).toBe(true)
    expect(present('주말에 가족과 캠핑을 갔어요', '결제 시스템')).toBe(false)
    expect(present('ร้านเราอยากได้ระบบจองคิวใหม่', 'ระบบจองคิว')).toBe(true)
    expect(present('วันนี้ฝนตกทั้งวันเลย', 'ระบบจองคิว')).toBe(false)
  })

  test('a keyword mixing scripts needs both parts', () => {
    expect(present('POSレジを探しています。飲食店です', 'POSレジ')).toBe(true)
    expect(present('レジ袋が有料になって困る', 'POSレジ')).toBe(false)
    expect(present('POSシステムを探しています', 'POSレジ')).toBe(false)
  })

  test('an Arabic keyword, whose letters change with an article joined to it, still reads as present', () => {
    expect(present('عندي محل صغير وأبحث عن برنامج للبيع', 'نظام البيع')).toBe(true)
  })
})

describe('the score route, asked about a post that lacks such a keyword', () => {
  const scorer = createRulesScorer()
  const seller = { keyword: '予約システム', context: '小さなサロン向けの予約システムを販売しています', icps: [] }
  const ask = (content: string) => scorer.score({ ...seller, content }, AbortSignal.timeout(5000))

  test('answers as for any keyword the post lacks: the rules read it, and the reason says it is absent', async () => {
    const rain = await ask('今日は雨なので家で映画を見ています')
    expect(rain.reason).toContain('keyword "予約システム" absent')
    expect(rain.score).toBeLessThan(3)
  })

  test('a buyer of another market is not a lead for this seller', async () => {
    const content =
      'Our warehouse lease ends in January. Which 3PL on the east coast handles 600 orders a day? Quotes welcome'
    expect((await ask(content)).score).toBeLessThan(6)
  })

  test('a post holding the keyword is still answered by the model', async () => {
    const content = 'ネイルサロンを一人で経営しています。予約システムを探しています。LINEで予約できるものが理想です'
    const salon = await ask(content)
    expect(salon.intent).toBe('ACTIVE')
    expect(salon.reason).toContain('keyword "予約システム" present')
  })
})

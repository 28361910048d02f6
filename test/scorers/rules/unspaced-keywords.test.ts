import { describe, expect, test } from 'bun:test'
import { readPost } from '../../../src/scorers/rules/reading'

// docs/scoring.md#reading-a-post: a keyword in a script written without spaces between words (Japanese, Chinese;
// Korean joins particles to its nouns) is looked for inside the text as it is, since no word edge can be seen there.

const present = (content: string, keyword: string) => readPost(content, keyword, undefined).keywordPresent

describe('a keyword in a script written without spaces', () => {
  test('a Japanese keyword is present when the post holds it, joined to its particles, and absent when not', () => {
    expect(present('月末の請求書を手で作るのがつらい', '請求書')).toBe(true)
    expect(present('週末は家族で温泉に行ってきました', '請求書')).toBe(false)
    expect(present('勤怠管理システムの比較をしています', '勤怠管理 システム')).toBe(true)
    expect(present('勤怠はまだ紙です', '勤怠管理 システム')).toBe(false)
  })

  test('a Chinese and a Korean keyword likewise', () => {
    expect(present('我们公司想换一个发票软件', '发票软件')).toBe(true)
    expect(present('今天天气很好', '发票软件')).toBe(false)
    expect(present('가게 결제를 카드로 받고 싶어요', '결제')).toBe(true)
    expect(present('주말에 등산을 갔어요', '결제')).toBe(false)
  })

  test('a keyword mixing Latin letters and such a script needs both parts', () => {
    expect(present('キッチンカーで使えるPOSレジを探しています', 'POSレジ')).toBe(true)
    expect(present('POS の端末が届いた', 'POSレジ')).toBe(false)
    expect(present('レジ締めが毎晩つらい', 'POSレジ')).toBe(false)
  })

  test('a keyword of no letters is found only whole', () => {
    expect(present('Launch day!!! 🚀', '🚀')).toBe(true)
    expect(present('Launch day!!!', '🚀')).toBe(false)
  })
})

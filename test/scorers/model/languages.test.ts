// The embedded model has three sets of weights: posts that read as English are answered by the first, posts in
// Japanese or with more characters of another script than Latin letters by the third, every other post by the second;
// the last two are trained also on posts in their languages (docs/model.md#the-embedded-model). A post in a
// language the rules have no little words for (Polish here) is read as `en` by the rules, and is still not English.
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { judgeWithModel, scoreWithModel, WEIGHT_SETS } from '../../../src/scorers/model/index'
import { parseModel } from '../../../src/scorers/model/model'
import { readPost } from '../../../src/scorers/rules/reading'
import { WEIGHTS_FILES } from '../../../scripts/train/paths'
import { bySet } from '../../../scripts/train/weight-sets'

const ENGLISH = 'Budget just got approved for a new CRM, DMs open if you sell one'
const DUTCH = 'Ons budget voor een nieuw CRM is goedgekeurd, wie kan er een aanraden voor een bureau van tien man?'
const POLISH = 'Mamy budżet na nowy CRM dla agencji, kto poleci coś sprawdzonego? Piszcie na priv'
const SHORT = 'Need a CRM asap'
const JAPANESE = 'CRM、来月から代理店向けに入れたいです。10人くらいのチームで予算も承認済み。おすすめありますか？'
const CHINESE = '我们代理公司想换一个CRM，十个人用，预算已经批了，大家有推荐的吗？'
const KOREAN = '대행사용 CRM 새로 도입하려고 합니다. 10명 정도 쓰고 예산도 승인됐어요. 추천 부탁드립니다'

describe('which weights answer a post', () => {
  test('English and very short posts read as English; Dutch and Polish do not', () => {
    const english = (content: string) => readPost(content, 'crm', undefined).words.english
    expect([ENGLISH, SHORT, DUTCH, POLISH].map(english)).toEqual([true, true, false, false])
    expect(readPost(POLISH, 'crm', undefined).words.lang).toBe('en')
  })

  test('each post is answered by its set of weights, as read from the files training writes', () => {
    const models = bySet((set) => parseModel(new Uint8Array(readFileSync(WEIGHTS_FILES[set]))))
    const input = { keyword: 'crm', context: 'We sell a CRM for small agencies', icps: [] }
    for (const [content, set] of [
      [ENGLISH, 'english'],
      [DUTCH, 'otherLanguages'],
      [POLISH, 'otherLanguages'],
      [JAPANESE, 'otherScripts'],
      [CHINESE, 'otherScripts'],
      [KOREAN, 'otherScripts'],
    ] as const) {
      const r = readPost(content, input.keyword, input.context)
      const mine = judgeWithModel(r, { ...input, content }, models[set])
      expect(scoreWithModel({ ...input, content })).toEqual(mine)
      // Every other set answers the post otherwise, so the check above tells them apart.
      for (const other of WEIGHT_SETS.filter((s) => s !== set))
        expect(judgeWithModel(r, { ...input, content }, models[other]).buyer).not.toBe(mine.buyer)
    }
  })
})

describe('a post in another script is never answered by the English weights', () => {
  // Under eight Latin words, and none of English's little words: read as a short English post by the words alone.
  const RUSSIAN = 'Ищем замену Bitrix24 CRM для агентства, Pipedrive и HubSpot дорого. Что посоветуете?'
  const THAI = 'ร้านเราใช้ Loyverse POS อยู่ อยากเปลี่ยนเป็น Square POS ดีไหม มีใครใช้บ้าง'
  const ENGLISH_WITH_A_NAME = 'Budget approved for a new CRM, we sell 家具 (furniture) online, who do you use?'

  test('more characters of another script than letters of Latin words: not the English weights, and the third set answers them', () => {
    const read = (content: string) => readPost(content, 'crm', undefined).words
    for (const post of [RUSSIAN, THAI]) {
      expect(read(post).lang).toBe('en')
      expect(read(post).english).toBe(false)
    }
    expect(read(ENGLISH_WITH_A_NAME).english).toBe(true)
  })
})

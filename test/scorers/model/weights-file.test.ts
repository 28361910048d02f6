// A weights file says how many buckets its hashed words have (model.ts): the sets differ, and a post's words are
// hashed into the buckets of the set that answers it (docs/model.md#the-embedded-model).
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { features } from '../../../src/scorers/model/features'
import { embeddedModel } from '../../../src/scorers/model/index'
import { emptyModel, parseModel, serializeModel } from '../../../src/scorers/model/model'
import { readPost } from '../../../src/scorers/rules/reading'
import { EVERY_FEATURE } from '../../../src/scorers/model/vocabulary'
import { SETTINGS } from '../../../scripts/train/fit'
import { OTHER_LANGUAGES_BUCKET_BITS } from '../../../scripts/train/weight-sets'
import { WEIGHTS_FILES } from '../../../scripts/train/paths'

const bitsOf = (path: string) => parseModel(new Uint8Array(readFileSync(path))).bits
const THAI = 'ร้านเรากำลังหาระบบจองคิวออนไลน์สำหรับสปา ใครใช้อยู่บ้าง แนะนำหน่อย งบประมาณอนุมัติแล้ว'

describe('the weights file', () => {
  test('the English weights have 2^16 buckets, the two other sets 2^17, as training writes them', () => {
    expect(bitsOf(WEIGHTS_FILES.english)).toBe(SETTINGS.bucketBits)
    expect(bitsOf(WEIGHTS_FILES.otherLanguages)).toBe(OTHER_LANGUAGES_BUCKET_BITS)
    expect(bitsOf(WEIGHTS_FILES.otherScripts)).toBe(OTHER_LANGUAGES_BUCKET_BITS)
    expect([SETTINGS.bucketBits, OTHER_LANGUAGES_BUCKET_BITS]).toEqual([16, 17])
  })

  test('a post is hashed into the buckets of the weights that answer it', () => {
    const input = { content: THAI, keyword: 'ระบบจองคิว', icps: [] }
    const r = readPost(THAI, input.keyword, undefined)
    const model = embeddedModel(r)
    expect(model.bits).toBe(17)
    // Every feature read (no vocabulary), so that the two lists hold the same words.
    const wide = features(r, input, 17, EVERY_FEATURE).text
    const buckets = [...wide.buckets.subarray(0, wide.n)]
    expect(Math.max(...buckets)).toBeGreaterThanOrEqual(1 << 16)
    const narrow = features(r, input, 16, EVERY_FEATURE).text
    expect(Math.max(...narrow.buckets.subarray(0, narrow.n))).toBeLessThan(1 << 16)
    // The same words, folded into half the buckets.
    expect(buckets.map((b) => b & 0xffff)).toEqual([...narrow.buckets.subarray(0, narrow.n)])
  })

  test('a file round-trips with its buckets and vocabulary; one whose size or buckets do not add up is refused', () => {
    const m = emptyModel(0.5, 13)
    m.text[5] = 1.5
    m.vocabulary = Int32Array.from([7, -1, 0])
    const bytes = serializeModel(m)
    const back = parseModel(bytes)
    expect([back.bits, back.text.length, back.text[5], back.buyerAt]).toEqual([13, m.text.length, 1.5, 0.5])
    expect([...back.vocabulary]).toEqual([7, -1, 0])
    const wrong = new Uint8Array(bytes)
    new DataView(wrong.buffer).setUint32(4, 21, true)
    expect(() => parseModel(wrong)).toThrow('run `npm run train`')
    const longer = new Uint8Array(bytes)
    new DataView(longer.buffer).setUint32(20, 4, true)
    expect(() => parseModel(longer)).toThrow('run `npm run train`')
    expect(() => parseModel(bytes.subarray(0, bytes.length - 4))).toThrow('run `npm run train`')
    expect(() => parseModel(bytes.subarray(0, 10))).toThrow('run `npm run train`')
  })

  test('weights are read in place from bytes a file read whole gives, and copied from bytes not 4-aligned, alike', () => {
    const m = emptyModel(0.5, 13)
    m.text[5] = 1.5
    m.dense[3] = -2.25
    m.vocabulary = Int32Array.from([7, -1, 0])
    const bytes = serializeModel(m)
    const inPlace = parseModel(bytes)
    expect(inPlace.text.buffer).toBe(bytes.buffer)
    const shifted = new Uint8Array(bytes.length + 1)
    shifted.set(bytes, 1)
    const copied = parseModel(shifted.subarray(1))
    expect(copied.text.buffer).not.toBe(shifted.buffer)
    for (const back of [inPlace, copied]) {
      expect([back.text[5], back.dense[3], back.buyerAt, back.text.length]).toEqual([1.5, -2.25, 0.5, m.text.length])
      expect([...back.vocabulary]).toEqual([7, -1, 0])
    }
    expect([...copied.text]).toEqual([...inPlace.text])
    expect([...copied.dense]).toEqual([...inPlace.dense])
  })
})

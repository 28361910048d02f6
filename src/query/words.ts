import { normalised } from './term-pattern'

/**
 * Words as queries see them (docs/queries.md#words): runs of letters, digits and marks, compared in lower case
 * after NFKC normalisation, so "CRM", "ｃｒｍ" and "crm" are one word and "crm" is not a word of "crms". Chinese
 * and Japanese are written without spaces: each of their characters is a word, and a term of several is a phrase.
 */
const WORD =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{N}\p{M}])+/gu

export const wordsOf = (text: string): string[] => normalised(text).match(WORD) ?? []

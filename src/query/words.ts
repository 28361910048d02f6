import { normalised, UNSPACED } from './term-pattern'

/**
 * Words as queries see them (docs/queries.md#words): runs of letters, digits and marks, compared in lower case
 * after NFKC normalisation, so "CRM", "ｃｒｍ" and "crm" are one word and "crm" is not a word of "crms". Chinese,
 * Japanese, Thai, Lao, Khmer and Burmese are written without spaces between words, and Korean joins particles to
 * them: each of their characters is a word, and a term of several is a phrase.
 */
const WORD = new RegExp(`[${UNSPACED}]|(?:(?![${UNSPACED}])[\\p{L}\\p{N}\\p{M}])+`, 'gu')

export const wordsOf = (text: string): string[] => normalised(text).match(WORD) ?? []

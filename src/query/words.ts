/**
 * Words as queries see them (docs/queries.md#words): runs of letters, digits and marks, compared in lower case
 * after NFKC normalisation, so "CRM", "ｃｒｍ" and "crm" are one word and "crm" is not a word of "crms". Chinese
 * and Japanese are written without spaces: each of their characters is a word, and a term of several is a phrase.
 */
const RUN = /[\p{L}\p{N}\p{M}]+/gu
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u
const CJK_SPLIT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{N}\p{M}])+/gu
const ASCII = /^[\x00-\x7f]*$/

export function wordsOf(text: string): string[] {
  // ASCII text is its own NFKC form; most posts are, and normalising a long post costs more than reading it.
  const normal = (ASCII.test(text) ? text : text.normalize('NFKC')).toLowerCase()
  const runs = normal.match(RUN) ?? []
  if (!CJK.test(normal)) return runs
  return runs.flatMap((run) => (CJK.test(run) ? (run.match(CJK_SPLIT) ?? []) : [run]))
}

/**
 * Whether every word of the keyword occurs in the texts (case-insensitive, in any order). Used where a platform
 * has no keyword search of its own (Product Hunt) or searches loosely by meaning (Substack): requiring each word,
 * rather than the exact phrase, keeps "crm tool" matching "a tool for your CRM". Quotes around words are ignored.
 */
export function matchesKeyword(keyword: string, ...texts: (string | null | undefined)[]): boolean {
  const words = keyword.toLowerCase().replace(/["“”]/g, ' ').split(/\s+/).filter(Boolean)
  const haystack = texts.filter(Boolean).join('\n').toLowerCase()
  return words.every((w) => haystack.includes(w))
}

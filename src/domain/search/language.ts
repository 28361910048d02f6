type Detect = (text: string) => string
let detect: Detect | undefined

/**
 * The language detector (ELD, its smallest database), loaded on first use: about 25 MB in memory, which a server
 * that never filters by language or serves the earlier route should not carry. Why this detector:
 * docs/performance.md#the-language-detector.
 */
export async function loadLanguageDetector(): Promise<void> {
  if (detect) return
  const { eld } = await import('eld/extrasmall')
  detect = (text) => eld.detect(text).language
}

// A link's letters are no language's words ("https://example.com/pricing" read as Portuguese). Linear: one pass,
// no nested repetition, on attacker-written text.
const LINK = /\bhttps?:\/\/\S*/gi

/** ISO 639-1 code of the text's language; `und` (undetermined) when the text is too short or has no words. */
export function languageOf(text: string): string {
  if (!detect) throw new Error('loadLanguageDetector() must run first')
  // The detector reads the first 1,000 characters; links are taken out of a little more than that.
  return detect(text.slice(0, 2000).replace(LINK, ' ')) || 'und'
}

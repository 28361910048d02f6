type Detect = (text: string) => string
let detect: Detect | undefined

/**
 * The language detector, loaded on first use: its model weighs ~16 MB in memory (the light build; the default one
 * ~40 MB), which a server that never serves the earlier route should not carry.
 */
export async function loadLanguageDetector(): Promise<void> {
  detect ??= (await import('tinyld/light')).detect as Detect
}

/** ISO 639-1 code of the text's language; `und` (undetermined) when the text is too short or has no words. */
export function languageOf(text: string): string {
  if (!detect) throw new Error('loadLanguageDetector() must run first')
  return detect(text.slice(0, 2000)) || 'und'
}

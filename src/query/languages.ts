/**
 * The ISO 639-1 codes the language detector can answer (tinyld's light build). A `lang:` filter naming any other
 * language could never match, so it is refused when the keyword is added (docs/queries.md#filters); a test keeps this
 * list equal to the detector's own.
 */
export const DETECTED_LANGUAGES: readonly string[] =
  'ar bn de el en es fi fr he hi hu it ja ko nl no pl pt ro ru sv th tr zh'.split(' ')

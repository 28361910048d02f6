/**
 * The ISO 639-1 codes the language detector can answer (ELD). A `lang:` filter naming any other language could never
 * match, so it is refused when the keyword is added (docs/queries.md#filters); a test keeps this list equal to the
 * detector's own.
 */
export const DETECTED_LANGUAGES: readonly string[] = (
  'am ar az be bg bn ca cs da de el en es et eu fa fi fr gu he hi hr hu hy is it ja ka kn ko ku lo lt lv ml mr ms nl no ' +
  'or pa pl pt ro ru sk sl sq sr sv ta te th tl tr uk ur vi yo zh'
).split(' ')

import type { NewSignal } from './signals'

// SQLite hands text back up to its first NUL (U+0000): a post holding one was stored whole and read back cut there,
// in the list, the export and the console alike ("\u0000=cmd…" came back empty). Platform text is anyone's, so its
// NULs are written as U+FFFD, the character that says one was there (docs/api.md#export).
const kept = <T extends string | null | undefined>(text: T): T =>
  text ? (text.replaceAll('\u0000', '\ufffd') as T) : text

/** `s` with the NULs of the text its platform and scorer wrote (author, reason, preview, full text) as U+FFFD. */
export const withoutNul = <S extends NewSignal>(s: S): S => ({
  ...s,
  author: kept(s.author),
  reason: kept(s.reason),
  preview: kept(s.preview),
  contentFull: kept(s.contentFull),
})

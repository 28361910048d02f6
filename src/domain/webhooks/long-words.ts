/**
 * Words too long for a phone's Teams card (docs/destinations.md#teams). Adaptive Cards wrap a RichTextBlock's text at
 * spaces and hyphens, never inside a word (microsoft/AdaptiveCards #4251, #3890): a URL, a token or a name wider
 * than the card ran past its right edge on a phone, the rest of its line cut off with it. Such a word is cut, with
 * "…", to the width of the card on a 390-pixel-wide phone (334 pixels inside its margins and padding).
 */

// The card's width inside, in ems of 14-pixel text (Teams' default size): 334 / 14, less a margin for the font.
const CARD_EMS = 22

// A run of characters with no break between them: no space, no hyphen, and none of the scripts written without
// spaces, which every renderer breaks between characters (Chinese, Japanese) or between words it finds itself (Thai).
const UNBROKEN =
  /[^\s\-\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]{8,}/gu

/** A character's width in ems, as a bold sans-serif draws it (DejaVu Sans Bold, wider than Teams' Segoe UI). */
function ems(ch: string): number {
  if (/[WMmw@]/.test(ch)) return 1.05
  if (/[A-Z%&#]/.test(ch)) return 0.8
  if (/[iljtfr.,:;'|!/()[\]]/.test(ch)) return 0.4
  return 0.65
}

/** The sizes a card's text takes (Adaptive Cards' TextSize), in pixels, as Teams draws them. */
const PIXELS: Record<string, number> = { Small: 12, Default: 14, Medium: 17, Large: 21 }

/** `text` with each word wider than the card at `size` cut to the start that fits, and "…", which says it was cut. */
export function cutLongWords(text: string, size = 'Default'): string {
  const budget = (CARD_EMS * PIXELS.Default) / (PIXELS[size] ?? PIXELS.Default) - ems('…')
  return text.replace(UNBROKEN, (word) => {
    let width = 0
    let kept = ''
    for (const ch of word) {
      width += ems(ch)
      if (width > budget) return `${kept}…`
      kept += ch
    }
    return word
  })
}

/**
 * A link in a post is not read (docs/model.md#reading-a-post): its query's "?" is no question ("watch?v=",
 * "?utm_source=") and its pieces are no words, so a post reads the same with a link or without one. It is blanked to
 * spaces, so that every place in the post (the quotes of a reason, the words a reason cites) stays where it was.
 */

// From "http://", "https://" or "www." at a word's start to the next space or closing mark.
const LINK = /(?<![\w@.-])(?:https?:\/\/|www\.)[^\s<>"'()[\]]+/gi
const WWW = /www\./i

/**
 * Where a link's sentence punctuation starts: a mark right after a link ends the sentence, not the link ("see
 * https://acme.io." or "acme.io?"). A loop from the end, as a pattern anchored there would take time squared on a
 * long run of dots.
 */
function sentenceEnd(link: string): number {
  let end = link.length
  while (end > 0 && '.,;:!?'.includes(link.charAt(end - 1))) end--
  return end
}

/** `text` with each link blanked; `text` itself when it has none. */
export function withoutLinks(text: string): string {
  // A quick test first: most posts hold no link.
  if (!text.includes('://') && !WWW.test(text)) return text
  return text.replace(LINK, (link) => {
    const end = sentenceEnd(link)
    return ' '.repeat(end) + link.slice(end)
  })
}

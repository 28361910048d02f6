// A tag feed's <description> is Medium's preview card (docs/platforms.md#medium-substack-and-news): an image
// paragraph, the story's snippet, then a paragraph of class medium-feed-link whose link reads "Continue reading on
// Medium »" (or on the publication's name). That last line is Medium's, on every story: left in, a keyword holding
// "medium", "continue" or "reading" (or the publication's name) would match every story and weigh in its score.
// The snippet is Medium's escaped text, so the class cannot come from a writer. A paragraph left open ends the text
// (the match then runs to the end once), so a feed of unclosed paragraphs is still read once.
const FEED_LINK = /<p\b[^<>]*\bclass\s*=\s*["']?medium-feed-link\b[^<>]*>[\s\S]*?(?:<\/p\s*>|$)/gi

/** The story's HTML without Medium's own "Continue reading on …" paragraph. */
export function withoutFeedLink(html: string): string {
  return html.includes('medium-feed-link') ? html.replace(FEED_LINK, '') : html
}

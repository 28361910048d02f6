// Text as Slack reads it (docs/destinations.md#bodies). Slack's mrkdwn treats & < > as markup (links, mentions):
// escaped as Slack documents, post text shows as typed. A mrkdwn text object is also `verbatim`: without it Slack
// links URLs and conversation names and parses certain mentions in the text itself (its text object's reference).

export const mrkdwn = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** A Block Kit mrkdwn text object of our own words (labels, links), already escaped where it holds anyone's words. */
export const mrkdwnObject = (text: string) => ({ type: 'mrkdwn' as const, text, verbatim: true })

/**
 * A Block Kit plain_text object of a post's own words: mrkdwn has no escape for * _ ~ `, so a post's text read as
 * mrkdwn came out bold, struck or as code; plain_text is never formatted, and with `emoji` false a colon code
 * (`:skull:`) stays as typed. Slack refuses an empty text object, so an empty name or post reads "–".
 */
export const plainObject = (text: string) => ({
  type: 'plain_text' as const,
  text: text.trim() ? text : '–',
  emoji: false,
})

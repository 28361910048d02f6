// Text as Slack reads it (docs/destinations.md#bodies). Slack's mrkdwn treats & < > as markup (links, mentions):
// escaped as Slack documents, post text shows as typed. A mrkdwn text object is also `verbatim`: without it Slack
// links URLs and conversation names and parses certain mentions in the text itself (its text object's reference).

export const mrkdwn = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** A Block Kit mrkdwn text object of `text`, already escaped where it holds anyone's words. */
export const mrkdwnObject = (text: string) => ({ type: 'mrkdwn' as const, text, verbatim: true })

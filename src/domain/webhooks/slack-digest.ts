import { bestFirst, countLine, headline, type Lead, type Links, oneLine, textStart } from './links'
import { postAddress, postLink } from './post-link'
import { whyBlock } from './slack'
import { mrkdwnObject, plainObject } from './slack-text'

// Leads a Slack digest lists; the rest are counted, with a link to the console.
const SLACK_MAX_LEADS = 10

/**
 * A lead's headline and the start of its post on one line, as plain_text: Slack's mrkdwn would read a post's * _ ~ `
 * as formatting, with no escape for them. Within a section's 3,000 characters: a name is cut at 100 and the text at
 * 280 (links.ts). The text is one line, whatever breaks it held (a CR, U+2028 and the others, not only LF): a line of
 * its own could read as another lead's headline. The link to the post, which plain_text cannot hold, is the button.
 */
function leadSection(s: Lead) {
  const href = postLink(s.url)
  // An address too long to be a link (post-link.ts) is a line of the text, 107 characters at most.
  const address = postAddress(s.url)
  return {
    type: 'section',
    text: plainObject(`${headline(s)}\n${oneLine(textStart(s))}${address ? `\n${address}` : ''}`),
    ...(href ? { accessory: { type: 'button', text: { type: 'plain_text', text: 'Open the post' }, url: href } } : {}),
  }
}

/** A window's leads as one Slack message (docs/destinations.md#bodies): best first, each with its reason. */
export function slackDigest(leads: Lead[], total: number, links: Links, heading: string) {
  const shown = bestFirst(leads).slice(0, SLACK_MAX_LEADS)
  const more = total - shown.length
  const summary = `${countLine(total)} (${heading})${more > 0 ? `, ${more} more in the console` : ''}`
  return {
    text: summary,
    // As in the instant message (slack.ts): the notification's text is not read as mrkdwn.
    mrkdwn: false,
    blocks: [
      { type: 'section', text: mrkdwnObject(`*${summary}* · <${links.console}|Open the console>`) },
      // Each lead as a section and its reason as a context block, as in the instant message: 1 + 2 × 10 blocks, within
      // Slack's 50.
      ...shown.flatMap((s) => [leadSection(s), whyBlock(s, links)]),
    ],
  }
}

import { shortened, truncate } from '../../lib/text'
import { bestFirst, countLine, headline, type Lead, type Links, safeHref, textStart } from './links'
import { whyBlock } from './slack'
import { mrkdwn, mrkdwnObject } from './slack-text'

// Leads a Slack digest lists; the rest are counted, with a link to the console.
const SLACK_MAX_LEADS = 10
// A section's text, under Slack's 3,000 characters.
const SECTION_MAX = 2900

/**
 * The post's start on one line, escaped, in `room` characters: a long post address and a text Slack's escaping makes
 * five times longer (all & < >) would pass a section's limit, and a cut there ended the text without "…", inside an
 * escape ("&am"). It is cut before it is escaped, where a word ends, with "…".
 */
function quotedStart(text: string, room: number) {
  let shown = text
  for (let most = text.length; mrkdwn(shown).length > room && most > 1; ) {
    most = Math.floor(most * 0.9)
    shown = shortened(text, most)
  }
  return mrkdwn(shown).replace(/\n/g, ' ')
}

/** A window's leads as one Slack message (docs/destinations.md#bodies): best first, each with its reason. */
export function slackDigest(leads: Lead[], total: number, links: Links, heading: string) {
  const shown = bestFirst(leads).slice(0, SLACK_MAX_LEADS)
  const more = total - shown.length
  const line = (s: Lead) => {
    const href = safeHref(s.url)
    const head = `*${headline(s, mrkdwn)}*${href ? ` · <${href.replace(/[<>|]/g, encodeURIComponent)}|open>` : ''}\n>`
    return `${head}${quotedStart(textStart(s), SECTION_MAX - head.length)}`
  }
  const summary = `${countLine(total)} (${heading})${more > 0 ? `, ${more} more in the console` : ''}`
  return {
    text: summary,
    blocks: [
      { type: 'section', text: mrkdwnObject(`*${summary}* · <${links.console}|Open the console>`) },
      // Each lead as a section and its reason as a context block, as in the instant message: 1 + 2 × 10 blocks, within
      // Slack's 50.
      ...shown.flatMap((s) => [{ type: 'section', text: mrkdwnObject(truncate(line(s), SECTION_MAX)) }, whyBlock(s)]),
    ],
  }
}

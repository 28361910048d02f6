import { truncate } from '../../lib/text'
import { bestFirst, countLine, headline, type Lead, type Links, safeHref, textStart } from './links'
import { whyBlock } from './slack'
import { mrkdwn, mrkdwnObject } from './slack-text'

// Leads a Slack digest lists; the rest are counted, with a link to the console.
const SLACK_MAX_LEADS = 10

/** A window's leads as one Slack message (docs/destinations.md#bodies): best first, each with its reason. */
export function slackDigest(leads: Lead[], total: number, links: Links, heading: string) {
  const shown = bestFirst(leads).slice(0, SLACK_MAX_LEADS)
  const more = total - shown.length
  const line = (s: Lead) => {
    const href = safeHref(s.url)
    const head = `*${headline(s, mrkdwn)}*`
    return `${head}${href ? ` · <${href.replace(/[<>|]/g, encodeURIComponent)}|open>` : ''}\n>${mrkdwn(textStart(s)).replace(/\n/g, ' ')}`
  }
  const summary = `${countLine(total)} (${heading})${more > 0 ? `, ${more} more in the console` : ''}`
  return {
    text: summary,
    blocks: [
      { type: 'section', text: mrkdwnObject(`*${summary}* · <${links.console}|Open the console>`) },
      // Each lead as a section and its reason as a context block, as in the instant message: 1 + 2 × 10 blocks, within
      // Slack's 50.
      ...shown.flatMap((s) => [{ type: 'section', text: mrkdwnObject(truncate(line(s), 2900)) }, whyBlock(s)]),
    ],
  }
}

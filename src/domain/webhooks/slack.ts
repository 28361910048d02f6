import { previewShown } from '../../lib/text'
import type { NewSignal } from '../../storage/repos/signals'
import { personLine, whyStart } from './links'

// Slack cuts a section's text at 3,000 characters; the preview is at most 300 (domain/signals/limits.ts).
const MAX_SECTION = 2900

/** Slack's mrkdwn treats & < > as markup; they are escaped as Slack documents. */
const mrkdwn = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * A Block Kit message for a Slack incoming webhook (docs/webhooks.md#slack): the score and intent as the headline,
 * platform and author, the post's preview, the reason, and a button to the post. `text` is what notifications show.
 */
export function slackMessage(s: Required<NewSignal>) {
  const headline = `New lead: ${s.intent} ${s.score}/10 on ${s.platform}`
  // The preview is cut wherever its 300 characters end: a post that goes on ends with its last whole word and "…".
  const preview = previewShown(s.preview, s.contentFull)
  return {
    // Notifications show `text`, which Slack reads as mrkdwn too: escaped whole, as every mrkdwn field below.
    text: mrkdwn(`${headline} by ${s.author}: ${preview}`),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: headline } },
      {
        type: 'section',
        fields: [
          { type: 'mrkdwn', text: `*Score*\n${s.score}/10` },
          { type: 'mrkdwn', text: `*Intent*\n${mrkdwn(s.intent)}` },
          { type: 'mrkdwn', text: `*Platform*\n${mrkdwn(s.platform)}` },
          { type: 'mrkdwn', text: `*Author*\n${mrkdwn(s.author)}` },
        ],
      },
      {
        type: 'section',
        text: { type: 'mrkdwn', text: `>${mrkdwn(preview).slice(0, MAX_SECTION).replace(/\n/g, '\n>')}` },
      },
      {
        type: 'context',
        elements: [
          { type: 'mrkdwn', text: `*Why:* ${mrkdwn(whyStart(s))} · keyword "${mrkdwn(s.keyword)}"${personLine(s)}` },
          // The profile whole, in an element of its own (each has 3,000 characters): the reason is cut (whyStart), and
          // may name it past the cut.
          ...(s.icpMatch ? [{ type: 'mrkdwn', text: `*ICP:* ${mrkdwn(s.icpMatch)}` }] : []),
        ],
      },
      {
        type: 'actions',
        elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open the post' }, url: s.url }],
      },
    ],
  }
}

import { previewShown } from '../../lib/text'
import type { NewSignal } from '../../storage/repos/signals'
import { detailText, type Lead, leadDetails, newLeadLine, whyStart } from './links'
import { mrkdwn, mrkdwnObject } from './slack-text'

// Slack cuts a section's text at 3,000 characters; the preview is at most 300 (domain/signals/limits.ts).
const MAX_SECTION = 2900

/**
 * A lead's details, each an element of its own (3,000 characters each: the reason is cut, the profile whole), in the
 * order every message shows them: the same in a message and a digest.
 */
export const whyBlock = (s: Lead) => ({
  type: 'context',
  elements: leadDetails(s, whyStart(s)).map((d) => mrkdwnObject(detailText(d, mrkdwn))),
})

/**
 * A Block Kit message for a Slack incoming webhook (docs/webhooks.md#slack): the score and intent as the headline,
 * platform and author, the post's preview, the reason, and a button to the post. `text` is what notifications show.
 */
export function slackMessage(s: Required<NewSignal>) {
  // Within a header's 150 characters: an author's name is cut at 100 (links.ts) and a platform's name is short.
  const headline = newLeadLine(s)
  // The preview is cut wherever its 300 characters end: a post that goes on ends with its last whole word and "…".
  const preview = previewShown(s.preview, s.contentFull)
  return {
    // Notifications show `text`, which Slack reads as mrkdwn too: escaped whole, as every mrkdwn field below.
    text: mrkdwn(`${headline}: ${preview}`),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: headline } },
      {
        type: 'section',
        fields: [
          mrkdwnObject(`*Score*\n${s.score}/10`),
          mrkdwnObject(`*Intent*\n${mrkdwn(s.intent)}`),
          mrkdwnObject(`*Author*\n${mrkdwn(s.author)}`),
          mrkdwnObject(`*Platform*\n${mrkdwn(s.platform)}`),
        ],
      },
      {
        type: 'section',
        text: mrkdwnObject(`>${mrkdwn(preview).slice(0, MAX_SECTION).replace(/\n/g, '\n>')}`),
      },
      whyBlock(s),
      {
        type: 'actions',
        elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open the post' }, url: s.url }],
      },
    ],
  }
}

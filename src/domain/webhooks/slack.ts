import { previewShown } from '../../lib/text'
import { detailText, type Lead, type Links, leadDetails, newLeadLine, oneLine, whyStart } from './links'
import { postAddress, postLink } from './post-link'
import { mrkdwn, mrkdwnObject, plainObject } from './slack-text'

/**
 * A lead's details, each an element of its own (3,000 characters each: the reason is cut, the profile whole), in the
 * order every message shows them: the same in a message and a digest. Plain text: the reason may quote the post. Then
 * a link to the person's page (`per_…` ids hold no `|` or `>`), in our words: a context holds no button, and at most
 * 10 elements, of which this makes 5.
 */
export const whyBlock = (s: Lead, links?: Links) => ({
  type: 'context',
  elements: [
    ...leadDetails(s, whyStart(s)).map((d) => plainObject(detailText(d))),
    ...(links?.people && s.personId ? [mrkdwnObject(`<${links.people}${s.personId}|Open the person’s page>`)] : []),
  ],
})

const button = (text: string, url: string) => ({ type: 'button', text: { type: 'plain_text', text }, url })

/**
 * The button to the post (or an address too long for one as text: post-link.ts), and the one to the console's Signals
 * page, which every message has (docs/destinations.md#bodies); no block is empty.
 */
function linkBlocks(s: Lead, links?: Links) {
  const href = postLink(s.url)
  const address = postAddress(s.url)
  const buttons = [
    ...(href ? [button('Open the post', href)] : []),
    ...(links ? [button('Open the console', links.console)] : []),
  ]
  return [
    ...(!href && address ? [{ type: 'context', elements: [plainObject(address)] }] : []),
    ...(buttons.length > 0 ? [{ type: 'actions', elements: buttons }] : []),
  ]
}

/** A label of ours in bold beside its value as given, one row of a section's two columns each. */
const labelled = (label: string, value: string) => [mrkdwnObject(`*${label}*`), plainObject(value)]

/**
 * A Block Kit message for a Slack incoming webhook (docs/webhooks.md#slack): the score and intent as the headline,
 * platform and author, the post's preview, the reason, and buttons to the post and the console. `text` is what
 * notifications show.
 */
export function slackMessage(s: Lead, links?: Links) {
  // Within a header's 150 characters: an author's name is cut at 100 (links.ts) and a platform's name is short.
  const headline = newLeadLine(s)
  // The preview is cut wherever its 300 characters end: a post that goes on ends with its last whole word and "…".
  const preview = previewShown(s.preview, s.contentFull)
  return {
    // Notifications show `text`. Slack reads it as mrkdwn unless `mrkdwn` is false (its message payload reference),
    // so a post's * _ ~ ` would format it; & < > are still Slack's control characters there: escaped. One line: a
    // post's own line "New lead: 10/10 …" read as a second lead in a notification.
    text: mrkdwn(oneLine(`${headline}: ${preview}`)),
    mrkdwn: false,
    blocks: [
      { type: 'header', text: plainObject(headline) },
      {
        type: 'section',
        // 8 fields of Slack's 10; a name is cut at 100 characters (links.ts), within a field's 2,000.
        fields: [
          ...labelled('Score', `${s.score}/10`),
          ...labelled('Intent', s.intent),
          ...labelled('Author', s.author),
          ...labelled('Platform', s.platform),
        ],
      },
      // The preview is at most 300 characters (domain/signals/limits.ts), within a section's 3,000.
      { type: 'section', text: plainObject(preview) },
      whyBlock(s, links),
      ...linkBlocks(s, links),
    ],
  }
}

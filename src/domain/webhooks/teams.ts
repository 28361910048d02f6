import { truncate } from '../../lib/text'
import { bestFirst, countLine, type Lead, type Links, personLine, safeHref, textStart } from './links'

// Leads a card lists; the rest are counted, with a link to the console.
export const TEAMS_MAX_LEADS = 10
// Teams posts a message of about 28 KB at most and refuses a larger one ("Request Entity Too Large": the Teams
// connector's known limits). Escaping can triple a character's bytes (`*` is `\\*` in JSON), as can CJK text, so a
// reason is cut (a scorer's may be 500 characters) and a card still over the budget lists fewer leads.
const MAX_BYTES = 26 * 1024
const WHY_MAX = 300

/** Teams renders a subset of Markdown in a TextBlock; a backslash shows a mark as typed (post text is the platform's). */
const plain = (text: string) => text.replace(/[\\*_~`[\]()<>#-]/g, '\\$&')

function leadItems(s: Lead) {
  return {
    type: 'Container',
    separator: true,
    items: [
      {
        type: 'TextBlock',
        weight: 'Bolder',
        wrap: true,
        text: plain(`${s.intent} ${s.score}/10 · ${s.platform} · ${s.author}`),
      },
      { type: 'TextBlock', wrap: true, text: plain(textStart(s)) },
      {
        type: 'TextBlock',
        wrap: true,
        isSubtle: true,
        size: 'Small',
        text: plain(`Why: ${s.reason.length > WHY_MAX ? `${truncate(s.reason, WHY_MAX)}…` : s.reason}${personLine(s)}`),
      },
    ],
    ...(safeHref(s.url) && { selectAction: { type: 'Action.OpenUrl', url: s.url } }),
  }
}

/**
 * The body a Teams Workflows webhook ("when a Teams webhook request is received", then "post card in a chat or
 * channel") takes: a message whose one attachment is an Adaptive Card (docs/destinations.md#teams).
 */
export function teamsMessage(leads: Lead[], total: number, links: Links, title = countLine(total)) {
  const best = bestFirst(leads)
  for (let n = Math.min(best.length, TEAMS_MAX_LEADS); ; n--) {
    const message = cardMessage(best.slice(0, n), total, links, title)
    if (n <= 1 || Buffer.byteLength(JSON.stringify(message)) <= MAX_BYTES) return message
  }
}

function cardMessage(shown: Lead[], total: number, links: Links, title: string) {
  const more = total - shown.length
  const card = {
    type: 'AdaptiveCard',
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    version: '1.4',
    body: [
      { type: 'TextBlock', size: 'Large', weight: 'Bolder', wrap: true, text: title },
      ...shown.map(leadItems),
      ...(more > 0 ? [{ type: 'TextBlock', wrap: true, text: `${more} more in the console` }] : []),
    ],
    actions: [{ type: 'Action.OpenUrl', title: 'Open the console', url: links.console }],
  }
  return {
    type: 'message',
    attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content: card }],
  }
}

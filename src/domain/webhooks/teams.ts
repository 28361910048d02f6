import { bestFirst, countLine, type Lead, type Links, personLine, safeHref, textStart } from './links'

// Leads a card lists; the rest are counted, with a link to the console.
export const TEAMS_MAX_LEADS = 10

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
      { type: 'TextBlock', wrap: true, isSubtle: true, size: 'Small', text: plain(`Why: ${s.reason}${personLine(s)}`) },
    ],
    ...(safeHref(s.url) && { selectAction: { type: 'Action.OpenUrl', url: s.url } }),
  }
}

/**
 * The body a Teams Workflows webhook ("when a Teams webhook request is received", then "post card in a chat or
 * channel") takes: a message whose one attachment is an Adaptive Card (docs/destinations.md#teams).
 */
export function teamsMessage(leads: Lead[], total: number, links: Links, title = countLine(total)) {
  const shown = bestFirst(leads).slice(0, TEAMS_MAX_LEADS)
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

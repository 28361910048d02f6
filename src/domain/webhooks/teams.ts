import {
  bestFirst,
  countLine,
  detailsLine,
  headline,
  type Lead,
  type Links,
  leadDetails,
  textStart,
  whyStart,
} from './links'
import { cutLongWords } from './long-words'
import { postAddress, postLink } from './post-link'

// Leads a card lists; the rest are counted, with a link to the console.
const TEAMS_MAX_LEADS = 10
// Teams posts a message of about 28 KB at most and refuses a larger one ("Request Entity Too Large": the Teams
// connector's known limits). JSON's escaping can make a character 6 bytes (a control character), CJK text 3, so a
// reason is cut (whyStart) and a card still over the budget lists fewer leads.
const MAX_BYTES = 26 * 1024

/**
 * Post text is the platform's: it goes in a TextRun, whose text Adaptive Cards never read as Markdown (a TextBlock's
 * they do), so it shows as typed and copies as typed. Backslashes before the marks of a TextBlock were shown as such
 * by Teams' mobile renderers (docs/destinations.md#bodies). A word too long to fit a phone's card is cut
 * (long-words.ts).
 */
const plain = (text: string, style: Record<string, string | boolean> = {}) => ({
  type: 'RichTextBlock',
  inlines: [{ type: 'TextRun', text: asTyped(cutLongWords(text, style.size as string | undefined)), ...style }],
})

// Adaptive Cards show `{{DATE(…)}}` and `{{TIME(…)}}` in a text as a date in the reader's own format (text features,
// Date/Time formatting), a TextRun's text too: a post holding one read as a date its author never wrote. A word joiner
// (U+2060) between the braces, which is not drawn, keeps it from being read as a function.
const asTyped = (text: string) => text.replace(/\{\{(?=(?:DATE|TIME)\()/g, '{\u2060{')

/**
 * The person's page (docs/destinations.md#links), as a button under the lead: an ActionSet (schema 1.2) of one
 * action, within the actions a card shows in a row.
 */
const personAction = (s: Lead, links: Links) =>
  links.people && s.personId
    ? [
        {
          type: 'ActionSet',
          actions: [{ type: 'Action.OpenUrl', title: 'Open the person', url: links.people + s.personId }],
        },
      ]
    : []

function leadItems(s: Lead, links: Links) {
  const url = postLink(s.url)
  const address = postAddress(s.url)
  return {
    type: 'Container',
    separator: true,
    items: [
      plain(headline(s), { weight: 'Bolder' }),
      // Its long words cut before its start is: what follows a cut token still shows.
      plain(textStart({ ...s, preview: cutLongWords(s.preview) })),
      plain(detailsLine(leadDetails(s, whyStart(s))), { isSubtle: true, size: 'Small' }),
      // An address too long to be a link (post-link.ts) is shown under the lead, which opens nothing when clicked.
      ...(address ? [plain(address, { isSubtle: true, size: 'Small' })] : []),
      ...personAction(s, links),
    ],
    ...(url && { selectAction: { type: 'Action.OpenUrl', url } }),
  }
}

/**
 * The body a Teams Workflows webhook ("when a Teams webhook request is received", then "post card in a chat or
 * channel") takes: a message whose one attachment is an Adaptive Card (docs/destinations.md#teams).
 */
export function teamsMessage(leads: Lead[], total: number, links: Links, title = countLine(total), heading?: string) {
  const best = bestFirst(leads)
  for (let n = Math.min(best.length, TEAMS_MAX_LEADS); ; n--) {
    const message = cardMessage(best.slice(0, n), total, links, title, heading)
    if (n <= 1 || Buffer.byteLength(JSON.stringify(message)) <= MAX_BYTES) return message
  }
}

function cardMessage(shown: Lead[], total: number, links: Links, title: string, heading?: string) {
  const more = total - shown.length
  const card = {
    type: 'AdaptiveCard',
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    version: '1.4',
    body: [
      // The title, and a window's digest's times under it (docs/destinations.md#cadence), as TextRuns: a test's title
      // names the team and a time zone, whose underscores (America/Port_of_Spain) a TextBlock would read as Markdown.
      plain(title, { size: 'Large', weight: 'Bolder' }),
      ...(heading ? [plain(heading, { isSubtle: true })] : []),
      ...shown.map((s) => leadItems(s, links)),
      ...(more > 0 ? [{ type: 'TextBlock', wrap: true, text: `${more} more in the console` }] : []),
    ],
    actions: [{ type: 'Action.OpenUrl', title: 'Open the console', url: links.console }],
  }
  return {
    type: 'message',
    attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content: card }],
  }
}

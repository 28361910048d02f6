import { cutAtWord, opened, truncate } from '../../lib/text'
import { bestFirst, countLine, headline, type Lead, type Links, leadDetails, textStart } from './links'
import { postAddress, postLink } from './post-link'

// Discord's documented limits (Message Resource, "Embed Limits"; Execute Webhook): at most 10 embeds a message, a
// title of 256 characters, a description of 4,096, a field value of 1,024, 6,000 characters across all embeds.
const DISCORD_MAX_EMBEDS = 10
const FIELD = 1024
// The embeds of a message together stay under its 6,000 characters, with a margin: the titles, the fields' names and
// values, the footers, the author lines and the descriptions (Discord counts them all). Each embed gets its share: a
// tenth in a digest of ten, all of it for a lead sent alone, whose post's start is then never cut for a digest.
const MESSAGE_BUDGET = 5600
// The headline whole (Discord takes 256): the author's name is cut at 110 characters once escaped (a name of marks
// doubles), so the platform after it always shows. A title, the three fields, the footer and the author line come to
// 551 at most, under a tenth of the budget: a digest of ten keeps some of each post's text.
const TITLE_MAX = 150
const NAME_MAX = 110
// The post's link, in our own words: Discord reads no Markdown in an embed's author line. An address too long to be
// a link (post-link.ts) is the line's text, its first 30 characters: 37 in all, 24 more than the link's words, so an
// embed of every part at its longest comes to 575 and its description to one character ("…"), ten of them 5,760.
const OPEN_POST = 'Open the post'
const ADDRESS_SHOWN = 30
// A field's most characters, by its detail: the reason cut at 150, a keyword (up to 200) at 60, a profile's name (at
// most 100) whole, escaped a few more; so a digest of ten keeps some of each post's text.
const FIELD_MAX = { Why: 150, Keyword: 60, ICP: 130, Person: 40 }
const COLOR_BY_INTENT: Record<string, number> = { ACTIVE: 0x2e7d32, COMPETITOR: 0xc62828, PAIN: 0xef6c00 }
const COLOR = 0x1565c0

const TRAILING = /[\s,;:(-]+$/

/**
 * Discord's markdown treats these as markup; a backslash shows them as typed (post text is the platform's, a team's
 * name its operator's: two underscores underline even within a word).
 */
export const discordEscaped = (text: string) => text.replace(/[\\*_~`|>#[\]()<@:-]/g, '\\$&')
const discordText = (text: string, max: number) => cutShort(discordEscaped(text), max)

/**
 * Where a word ends, as Slack's and Teams' reasons are cut (a word cut short reads as a typo), without the marks
 * before it or a quotation opened there, and a quotation the cut leaves open closed after the "…", as theirs are
 * (lib/text.ts shortenedQuoting): a cut inside a long quotation left it open.
 */
function cutShort(text: string, max: number) {
  if (text.length <= max) return text
  const cut = cutBefore(text, max - 1)
  if (!opened(cut)) return `${cut}…`
  const shorter = cutBefore(text, max - 2)
  return `${shorter}…${opened(shorter)}`
}

// The start of `text` in at most `most` characters, where a word ends. A cut between a backslash and what it escapes
// would escape what follows it.
function cutBefore(text: string, most: number) {
  let cut = cutAtWord(text, most).replace(TRAILING, '')
  if (cut.endsWith('"') && cut.split('"').length % 2 === 0) cut = cut.slice(0, -1).replace(TRAILING, '')
  return /(^|[^\\])(\\\\)*\\$/.test(cut) ? cut.slice(0, -1) : cut
}

// Discord reads Markdown in a title, and in a title that is a link no backslash escape (it shows each backslash and
// still formats: docs/destinations.md#discord). So a title is never a link: escaped, it reads as typed.
const PERSON_MAX = 28
const personShort = (name: string) => (name.length > PERSON_MAX ? `${truncate(name, PERSON_MAX - 1)}…` : name)

const titleOf = (s: Lead) =>
  cutShort(
    headline(s, discordEscaped, (author) => discordText(author, NAME_MAX)),
    TITLE_MAX,
  )

// The person's page (docs/destinations.md#links), a field after the details whose value is a masked link, which
// Discord reads in a field's value (an embed's URL would make the title a link, see above). Its characters count
// toward the 6,000 as any text's: it is given room out of the post's text, down to the text's first TEXT_KEPT
// characters; a share too small for both (ten of the longest leads) keeps the text, and the footer names the person.
const TEXT_KEPT = 100
const personLink = (s: Lead, links: Links) => {
  const url = links.people && s.personId ? `${links.people}${s.personId}` : ''
  // A public_url is a scheme and host (config), an id `per_` and hex: nothing that would end the link early.
  return /^https?:\/\/[^\s()<>[\]]+$/.test(url)
    ? { name: 'Person', value: `[Open the person’s page](${url})` }
    : undefined
}

function embedOf(s: Lead, budget: number, links: Links) {
  const url = postLink(s.url)
  const title = titleOf(s)
  const address = postAddress(s.url, ADDRESS_SHOWN)
  const author = url ? { name: OPEN_POST, url } : address ? { name: address } : undefined
  // The details in the order every message shows them, each a field, the person last as the footer.
  const fields = leadDetails(s, s.reason)
    .filter((d) => d.name !== 'Person')
    .map((d) => ({ name: d.name, value: discordText(d.value, Math.min(FIELD, FIELD_MAX[d.name])) }))
  // The person by name (a footer is plain text in Discord), cut to the length an id took: the budget above holds.
  const footer = s.personId ? { text: `person ${personShort(s.personName || s.personId)}` } : undefined
  let used = title.length + (footer?.text.length ?? 0) + (author?.name.length ?? 0)
  for (const f of fields) used += f.name.length + f.value.length
  const text = discordEscaped(textStart(s))
  const link = personLink(s, links)
  const linkUsed = link ? link.name.length + link.value.length : 0
  const linked = link !== undefined && budget - used - linkUsed >= Math.min(text.length, TEXT_KEPT)
  return {
    ...(author && { author }),
    title,
    description: cutShort(text, Math.max(budget - used - (linked ? linkUsed : 0), 1)),
    color: COLOR_BY_INTENT[s.intent] ?? COLOR,
    fields: linked ? [...fields, link] : fields,
    timestamp: s.detectedAt,
    ...(footer && { footer }),
  }
}

/**
 * An execute-webhook body for one signal or a window's (docs/destinations.md#discord): the best leads as embeds,
 * a line with the count, the window's `heading` and the console; `allowed_mentions` empty so that no post text
 * pings anyone.
 */
export function discordMessage(leads: Lead[], total: number, links: Links, heading?: string) {
  const shown = bestFirst(leads).slice(0, DISCORD_MAX_EMBEDS)
  const more = total - shown.length
  // A window's digest says which it is and its times (docs/destinations.md#cadence); a signal sent alone does not.
  const notes = [heading, more > 0 ? `${more} more in the console` : ''].filter(Boolean)
  return {
    // The console's link in <>: a link Discord shows without loading a preview of it; a bare one drew a card of the
    // console's sign-in page under every message (docs/destinations.md#discord).
    content: `${countLine(total)}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}: <${links.console}>`,
    embeds: shown.map((s) => embedOf(s, Math.floor(MESSAGE_BUDGET / shown.length), links)),
    allowed_mentions: { parse: [] },
  }
}

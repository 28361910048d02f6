import { FORCING_DIRECTION, fewerMarks, shortened, shortenedQuoting, truncate } from '../../lib/text'
import { platformName } from '../../config/platform-names'
import type { Config } from '../../config/schema'
import type { NewSignal } from '../../storage/repos/signals'

/** A stored signal, as destinations read it: every column (a stand-in author is told by its null personId). */
export type Lead = Required<Omit<NewSignal, 'authorKnown' | 'authorId'>> & {
  /** The name the lead's person is shown by (docs/people.md), when it was looked up; else the id names them. */
  personName?: string | null
}
/**
 * Where a message's links lead: the console's signals, a person's page (`people` + the person's id) and a
 * destination's unsubscribe page.
 */
export type Links = { console: string; people?: string; unsubscribe?: string }

// The start of a post's text a message shows (the preview is up to 300 characters: domain/signals/limits.ts).
const TEXT_START = 280

/**
 * The service's address for links in messages: server.public_url, else this host's port (docs/destinations.md#links).
 */
export const publicBase = (config: Config) => config.server.public_url || `http://localhost:${config.server.port}`

export const consoleLink = (config: Config) => `${publicBase(config)}/#/signals`
export const peopleLink = (config: Config) => `${publicBase(config)}/#/people/`

// Explicit direction controls (embeddings, overrides, isolates). In an author's name they reverse our own words after
// it ("evil on hackernews" shown as "…swenrekcah no live"); the console isolates a name with <bdi>, which e-mail and
// chat messages cannot. Natural right-to-left text needs none of them.
const DIRECTION_CONTROLS = new RegExp(`[${FORCING_DIRECTION}]`, 'g')
// Control characters but those that break or space a line (a subject and a plain-text line make them spaces: oneLine).
// An escape sequence or a bell in a name reached the subject, which the mail reader decodes, and the plain-text part
// as they were: a reader on a terminal (mail(1) prints a message as it is) ran them.
const CONTROLS = /[^\P{Cc}\t\n\v\f\r\u0085]/gu
// A name, not a paragraph: Slack refuses a section field over 2,000 characters, and one long name widened an e-mail.
const AUTHOR_MAX = 100

/**
 * A line break of any kind as a space: mail readers and chat apps also break a line at the other separators (U+2028,
 * U+2029, NEL, vertical tab, form feed), and a break in a name or a subject would fake a line of ours.
 */
export const oneLine = (text: string) => text.replace(/[\r\n\t\v\f\u0085\u2028\u2029]+/g, ' ')

/**
 * A lead as the messages read by people show it (e-mail, Slack, Discord, Teams; docs/destinations.md#bodies): its
 * platform-given text without control characters (but line breaks and tabs), direction controls or piles of combining
 * marks, the author's name on one line (a
 * name with a line break drew a made-up lead's headline under its own in a Slack digest) cut at 100 characters, and
 * its platform by the name people know it by ("Hacker News", not hackernews), as the console shows it. A `webhook`
 * destination's body carries the signal as the API shows it, ids and all.
 */
export function shownToPeople(s: Lead): Lead {
  return {
    ...s,
    platform: platformName(s.platform),
    author: nameShown(s.author),
    personName: s.personName ? nameShown(s.personName) : null,
    preview: plainText(s.preview),
    reason: plainText(s.reason),
    icpMatch: s.icpMatch === null ? null : oneLine(plainText(s.icpMatch)),
    keyword: plainText(s.keyword),
  }
}
const nameShown = (name: string) => {
  const line = oneLine(plainText(name))
  return line.length > AUTHOR_MAX ? `${truncate(line, AUTHOR_MAX)}…` : line
}
const plainText = (text: string) => fewerMarks(text.replace(DIRECTION_CONTROLS, '').replace(CONTROLS, ''))

/** The best leads first: score, then the newest. */
export const bestFirst = (leads: Lead[]) =>
  [...leads].sort((a, b) => b.score - a.score || b.detectedAt.localeCompare(a.detectedAt))

/**
 * A post's first 280 characters, cut where a word ends with "…" and without the marks before the cut (lib/text.ts
 * shortened), as Slack's message of one lead and the console cut it: a cut after a full stop read "Team.…".
 */
export const textStart = (s: Lead) => (s.preview.length > TEXT_START ? shortened(s.preview, TEXT_START + 1) : s.preview)

// A scorer's reason may be 500 characters: a Teams card has a byte budget, and a Slack text 3,000 characters, which
// escaping & < > can make five times the reason's length.
const WHY_MAX = 300
export const whyStart = (s: Pick<Lead, 'reason'>) =>
  s.reason.length > WHY_MAX ? shortenedQuoting(s.reason, WHY_MAX + 1) : s.reason

/** "3 new leads" / "1 new lead". */
export const countLine = (n: number) => `${n} new lead${n === 1 ? '' : 's'}`

const same = (text: string) => text

/**
 * docs/destinations.md#bodies: a lead's headline as every message reads it, "8/10 ACTIVE · ann on Hacker News";
 * `shown` writes a name for the channel (escaped), `author` the author's (an e-mail gives it its own direction).
 */
export const headline = (s: Lead, shown = same, author = shown) =>
  `${s.score}/10 ${shown(s.intent)} · ${author(s.author)} on ${shown(s.platform)}`

/**
 * The line that names a lead sent alone (docs/destinations.md#bodies), an e-mail's subject and a Slack header:
 * "New lead: 8/10 ACTIVE · ann on Hacker News", or "New lead for Acme: …" naming the team.
 */
export const newLeadLine = (s: Lead, team?: string) => `New lead${team ? ` for ${team}` : ''}: ${headline(s)}`

/** A detail of a lead; a person's `value` is their name (or their id when it is not known), `id` their id. */
export type Detail = { name: 'Why' | 'Keyword' | 'ICP'; value: string } | { name: 'Person'; value: string; id: string }

/**
 * A lead's details after its text, in the one order every message shows them (docs/destinations.md#bodies): the
 * reason (`why`: as much of it as the channel shows), the keyword, the profile it matched and the person
 * (docs/people.md).
 */
export const leadDetails = (s: Lead, why: string): Detail[] => [
  { name: 'Why', value: why },
  { name: 'Keyword', value: s.keyword },
  ...(s.icpMatch ? [{ name: 'ICP' as const, value: s.icpMatch }] : []),
  ...(s.personId ? [{ name: 'Person' as const, value: s.personName || s.personId, id: s.personId }] : []),
]

/** One detail as a line reads it: `Why: …`, `keyword “crm”`, `ICP “…”`, `person Ann_Ops` (a platform's name: shown). */
export const detailText = (d: Detail, shown = same) =>
  d.name === 'Why'
    ? `Why: ${shown(d.value)}`
    : d.name === 'Person'
      ? `person ${shown(d.value)}`
      : `${d.name === 'ICP' ? 'ICP' : 'keyword'} “${shown(d.value)}”`

/** The details on one line, ` · ` between them; `person` may write the person otherwise (an e-mail links its page). */
export const detailsLine = (details: Detail[], shown = same, person = (d: Detail) => detailText(d, shown)) =>
  details.map((d) => (d.name === 'Person' ? person(d) : detailText(d, shown))).join(' · ')

/**
 * docs/destinations.md#links: on a server without server.public_url, a message read by people (every kind but
 * `webhook`) links the console at localhost, which no recipient's machine reaches; said when such a destination is
 * added.
 */
export const unreachableLinks = (config: Config, kind: string) =>
  kind === 'webhook' || config.server.public_url
    ? undefined
    : `its messages link the console at ${publicBase(config)}, which only this machine reaches: set server.public_url to the address your users reach the service at`

import { escapeHtml, truncate } from '../../lib/text'
import { encodedSizes } from '../../lib/transfer-encoding'
import {
  bestFirst,
  countLine,
  type Detail,
  detailsLine,
  detailText,
  headline,
  type Lead,
  type Links,
  leadDetails,
  newLeadLine,
  oneLine,
  textStart,
} from './links'
import { postAddress, postLink } from './post-link'

// Leads an e-mail lists; the rest are counted, with a link to the console.
export const EMAIL_MAX_LEADS = 50
// Gmail clips a message past about 102 KB of HTML and hides what follows, the console and unsubscribe links too:
// leads whose escaped text runs long (a post that is all markup) stop the list at this many bytes. Bytes as sent: the
// HTML goes base64 or quoted-printable, whichever is smaller (outbound/smtp.ts), so the rows are counted in both and
// the smaller counts; counted in UTF-8, 80 KB of Chinese or accented text went as 110 KB.
const EMAIL_LEADS_BYTES = 80_000

// A word longer than the column (a name, an address, a team's name of 64 letters and underscores) breaks instead of
// widening the whole message: on a phone, a title of one such word made the e-mail scroll sideways.
const WRAP = 'overflow-wrap:anywhere;word-wrap:break-word;word-break:break-word'

/** Everything a platform wrote is escaped before it goes into HTML (post text is attacker-controlled). */
// Subjects and plain text take no markup, but a line break would start a header or fake a line of ours (oneLine).
const leadHtml = (s: Lead, links: Links) => {
  // The post's link, or the start of an address too long for one; nothing for one that is no web page's (post-link.ts).
  const href = postLink(s.url)
  const address = postAddress(s.url)
  const open = href
    ? `<a href="${escapeHtml(href)}" style="color:#1565c0">Open the post</a>`
    : address && escapeHtml(address)
  // A post and a name take their direction from their own first letters (dir="auto"): in our left-to-right line, an
  // Arabic or Hebrew sentence with a Latin word in it was laid out in pieces a reader met in the wrong order.
  return `<tr><td style="padding:12px 0;border-top:1px solid #ddd;${WRAP}">
<div style="font-weight:bold">${headline(s, escapeHtml, (author) => `<span dir="auto">${escapeHtml(author)}</span>`)}</div>
<div dir="auto" style="margin:6px 0;color:#222">${escapeHtml(textStart(s))}</div>
<div style="color:#666;font-size:13px">${detailsLine(leadDetails(s, s.reason), escapeHtml, (d) => personHtml(d, links))}</div>
${open ? `<div style="margin-top:6px;font-size:13px">${open}</div>` : ''}</td></tr>`
}

// The person a lead belongs to is named as text (a platform's words: escaped, in their own direction as an author's
// name is), and their page in the console (docs/destinations.md#links) is a link in our words, as in Slack and
// Discord: a link that read the name let an author named "https://pay.example/login" or "Unsubscribe" make a link
// that said something it did not open.
const personOf = (d: Detail) => (d.name === 'Person' ? d.id : '')
const personHtml = (d: Detail, links: Links) => {
  const name = `person <span dir="auto">${escapeHtml(d.value)}</span>`
  if (!links.people) return name
  return `${name} (<a href="${escapeHtml(links.people + personOf(d))}" style="color:#1565c0">Open the person’s page</a>)`
}
const personText = (d: Detail, links: Links) =>
  links.people ? `${detailText(d, oneLine)} (${links.people + personOf(d)})` : detailText(d, oneLine)

const leadText = (s: Lead, links: Links) =>
  [
    headline(s, oneLine),
    `  ${oneLine(textStart(s))}`,
    `  ${detailsLine(leadDetails(s, s.reason), oneLine, (d) => personText(d, links))}`,
    `  ${postLink(s.url) ?? postAddress(s.url) ?? ''}`,
  ]
    .filter((line) => line.trim())
    .join('\n')

// A subject's most characters. A team's name (64 at most) and an author's (101 with its "…") may come to more.
const SUBJECT_MAX = 200

/**
 * A single lead's subject within SUBJECT_MAX, its author's name cut shorter (with "…") when the line is over: the
 * line cut at 200 lost the end of the platform's name ("… on Stack Ov").
 */
function leadSubject(s: Lead, team: string) {
  const over = newLeadLine(s, team).length - SUBJECT_MAX
  if (over <= 0) return newLeadLine(s, team)
  return newLeadLine({ ...s, author: `${truncate(s.author, s.author.length - over - 1).trimEnd()}…` }, team)
}

/** What an e-mail says above its leads: the team they are for, the window's `heading`, a `note` for a test. */
type EmailAbout = {
  team: string
  heading?: string
  title?: string
  /** A sentence above the links when no lead is left out: what a test message is for. */
  note?: string
}

/**
 * One e-mail for one signal or a window's (docs/destinations.md#e-mail): the leads best first (score, intent, who,
 * where, the text's start, the reason, the post), a link to the console and one to unsubscribe; HTML and plain text.
 * Its subject and title name the team: one inbox may get the leads of several (a consultant's clients).
 */
export function emailMessage(leads: Lead[], total: number, links: Links, about: EmailAbout) {
  const { heading, note = '' } = about
  const title = `${about.title ?? countLine(total)} for ${about.team}`
  const titled = heading ? `${title} (${heading})` : title
  const ranked = bestFirst(leads).slice(0, EMAIL_MAX_LEADS)
  const rows: string[] = []
  const sent = { base64: 0, quotedPrintable: 0 }
  for (const lead of ranked) {
    const row = leadHtml(lead, links)
    const sizes = encodedSizes(row)
    sent.base64 += sizes.base64
    sent.quotedPrintable += sizes.quotedPrintable
    if (rows.length > 0 && Math.min(sent.base64, sent.quotedPrintable) > EMAIL_LEADS_BYTES) break
    rows.push(row)
  }
  const shown = ranked.slice(0, rows.length)
  const more = total - shown.length
  const best = shown[0]
  const subject = oneLine(total === 1 && best ? leadSubject(best, about.team) : titled)
  const moreLine = more > 0 ? `${more} more in the console.` : note
  const unsubscribeHtml = links.unsubscribe
    ? ` · <a href="${escapeHtml(links.unsubscribe)}" style="color:#666">Unsubscribe</a>`
    : ''
  const body = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:16px;background:#f5f5f5;font-family:-apple-system,Segoe UI,Roboto,Arial,sans-serif">
<table role="presentation" style="max-width:640px;margin:0 auto;background:#fff;padding:16px 20px;border-radius:6px;width:100%;table-layout:fixed">
<tr><td style="${WRAP}"><h1 style="font-size:20px;margin:0 0 4px">${escapeHtml(title)}</h1>
${heading ? `<div style="color:#666;font-size:13px">${escapeHtml(heading)}</div>` : ''}</td></tr>
${rows.join('\n')}
<tr><td style="padding-top:12px;border-top:1px solid #ddd;font-size:13px;color:#666">${moreLine ? `<div style="margin-bottom:8px">${escapeHtml(moreLine)}</div>` : ''}
<a href="${escapeHtml(links.console)}" style="color:#1565c0">Open the console</a>${unsubscribeHtml}</td></tr>
</table></body></html>`
  const text = [
    titled,
    '',
    ...shown
      .map((s) => leadText(s, links))
      .join('\n\n')
      .split('\n'),
    '',
    moreLine,
    `Console: ${links.console}`,
    links.unsubscribe ? `Unsubscribe: ${links.unsubscribe}` : '',
  ]
    .filter((line, i, all) => line !== '' || all[i - 1] !== '')
    .join('\n')
  return { subject, html: body, text }
}

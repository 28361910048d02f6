import { bestFirst, countLine, type Lead, type Links, safeHref, textStart } from './links'

// Discord's documented limits (Message Resource, "Embed Limits"; Execute Webhook): at most 10 embeds a message, a
// title of 256 characters, a description of 4,096, a field value of 1,024, 6,000 characters across all embeds.
export const DISCORD_MAX_EMBEDS = 10
const TITLE = 256
const FIELD = 1024
// Ten embeds of at most this much each stay under the 6,000 of a message.
const EMBED_BUDGET = 560
const COLOR_BY_INTENT: Record<string, number> = { ACTIVE: 0x2e7d32, COMPETITOR: 0xc62828, PAIN: 0xef6c00 }
const COLOR = 0x1565c0

/** Discord's markdown treats these as markup; a backslash shows them as typed (post text is the platform's). */
export const discordText = (text: string, max: number) => {
  const escaped = text.replace(/[\\*_~`|>#[\]()<@:-]/g, '\\$&')
  return escaped.length > max ? `${escaped.slice(0, max - 1)}…` : escaped
}

function embedOf(s: Lead) {
  const head = `${s.intent} ${s.score}/10 · ${s.platform}`
  const description = discordText(textStart(s), EMBED_BUDGET - head.length - 120)
  return {
    title: discordText(`${head} · ${s.author}`, Math.min(TITLE, 120)),
    url: safeHref(s.url),
    description,
    color: COLOR_BY_INTENT[s.intent] ?? COLOR,
    fields: [{ name: 'Why', value: discordText(s.reason, Math.min(FIELD, 150)) }],
    timestamp: s.detectedAt,
    ...(s.personId && { footer: { text: `person ${s.personId}` } }),
  }
}

/**
 * An execute-webhook body for one signal or a window's (docs/destinations.md#discord): the best leads as embeds,
 * a line with the count and the console; `allowed_mentions` empty so that no post text pings anyone.
 */
export function discordMessage(leads: Lead[], total: number, links: Links) {
  const shown = bestFirst(leads).slice(0, DISCORD_MAX_EMBEDS)
  const more = total - shown.length
  return {
    content: `${countLine(total)}${more > 0 ? ` (${more} more in the console)` : ''}: ${links.console}`,
    embeds: shown.map(embedOf),
    allowed_mentions: { parse: [] },
  }
}

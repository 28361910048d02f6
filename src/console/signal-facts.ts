// What the Signals page reads out of a signal's fields: its score band, its scorer, and safe links. Platform text
// (author, URL, reason) is attacker-controlled: it is only ever text, and a link only when it is http(s).

/** docs/scoring.md#score-bands: the band a score falls in, read from the top, as a badge colour and its meaning. */
export function bandOf(score: number): { name: string; meaning: string } {
  if (score >= 9) return { name: 'top', meaning: '9-10: ready to buy now' }
  if (score >= 7) return { name: 'high', meaning: '7-8: clear intent to buy or switch' }
  if (score >= 5) return { name: 'mid', meaning: '5-6: a real problem the team solves' }
  if (score >= 3) return { name: 'low', meaning: '3-4: on topic, no intent to buy' }
  return { name: 'off', meaning: '0-2: off topic' }
}

// The scoring service appends one of these when the embedded scorer stood in for a model (docs/scoring.md): the model
// did not answer, or it was behind a stream and the stream's overflow went to the embedded scorer
// (docs/streams.md#backpressure). The page shows it as a tag on the card and once at the top, not at the end of every
// reason. Databases keep what earlier versions stored, so every form is read: the stand-in called "the rules scorer",
// and the model named by its id ("the ollama scorer") rather than as a person calls it ("the Ollama model server"). A
// search whose time ran out says so after "could not answer" ("within the search time").
const STAND_IN =
  /\s*\(scored by the (?:embedded|rules) scorer: (the \w+ scorer|the Ollama model server|the OpenAI-compatible server) (?:could not answer(?: within the search time)?|was behind the (\w+) stream)\)$/

/** The backend id of the model a note names: `ollama` for "the Ollama model server" and "the ollama scorer". */
const backendOf = (named: string) =>
  Object.keys(BACKENDS).find((id) => BACKENDS[id] === named) ?? named.replace(/^the (\w+) scorer$/, '$1')

/** Which scorer the embedded scorer stood in for, and the stream it was behind when that was why (else it was down). */
export type StandIn = { for: string; behind: string | null }

/** The reason without the stand-in note, and the stand-in, when one scored it. */
export function splitReason(reason: string): { text: string; standIn: StandIn | null } {
  const m = STAND_IN.exec(reason)
  if (!m) return { text: reason, standIn: null }
  return { text: reason.slice(0, m.index), standIn: { for: backendOf(m[1] as string), behind: m[2] ?? null } }
}

// The scorer's backends as a person calls them (docs/scoring.md#backends): the server's ids (`ollama`, `openai`,
// `rules`) read as code on a page that says "the ollama scorer could not answer".
const BACKENDS: Partial<Record<string, string>> = {
  ollama: 'the Ollama model server',
  openai: 'the OpenAI-compatible server',
  rules: 'the embedded scorer',
}

/** "the Ollama model server" for `ollama`; `capital` for the start of a sentence. */
export function backendName(backend: string, capital = false): string {
  const name = (Object.hasOwn(BACKENDS, backend) && BACKENDS[backend]) || `the ${backend} scorer`
  return capital ? name.charAt(0).toUpperCase() + name.slice(1) : name
}

/** What happened, for the card's tag: "The Ollama model server could not answer" or could not keep up with a stream. */
export const standInWhy = (s: StandIn) =>
  s.behind === null
    ? `${backendName(s.for, true)} could not answer`
    : `${backendName(s.for, true)} could not keep up with the ${platformName(s.behind)} stream`

/** `url` when it is an absolute http(s) address, else null: never a javascript: or data: link. */
export function httpUrl(url: string): string | null {
  try {
    const u = new URL(url)
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null
  } catch {
    return null
  }
}

// Public profile addresses built from the author's name, as the platforms' connectors build them (src/platforms),
// for a signal whose author has no profile address kept (one stored before people kept it, or imported).
const PROFILES: Partial<Record<string, (author: string) => string>> = {
  hackernews: (a) => `https://news.ycombinator.com/user?id=${encodeURIComponent(a)}`,
  reddit: (a) => `https://www.reddit.com/user/${encodeURIComponent(a)}`,
  github: (a) => `https://github.com/${encodeURIComponent(a)}`,
  devto: (a) => `https://dev.to/${encodeURIComponent(a)}`,
  bluesky: (a) => `https://bsky.app/profile/${encodeURIComponent(a)}`,
}

/**
 * The author's public profile: the address the platform gave (`kept`, on the person: docs/people.md) when it is
 * http(s), else the one built from the name, else null where the platform's address cannot be told from the name.
 */
export function profileUrl(platform: string, author: string, kept = ''): string | null {
  const given = httpUrl(kept)
  if (given) return given
  const build = PROFILES[platform]
  return build && author.trim() !== '' ? httpUrl(build(author)) : null
}

/**
 * A signal's author link: none when the signal has no person, its author a stand-in for one the platform did not
 * name (docs/people.md#who-is-a-person), which an address built from it would give to someone else.
 */
export const authorLink = (s: { platform: string; author: string; profileUrl?: string; personId: string | null }) =>
  s.personId === null ? null : profileUrl(s.platform, s.author, s.profileUrl)

// The platforms' own names, wherever the console shows a platform to a person (docs/console.md); the ids stay in
// filters, addresses and exports. A copy of PLATFORM_NAMES in config/platform-names.ts, the names chat messages and
// e-mails use: the console imports nothing of the server (docs/architecture.md#layers), and
// test/console/signal-facts.test.ts fails when the two differ. An id not listed here reads as itself.
const NAMES: Partial<Record<string, string>> = {
  hackernews: 'Hacker News',
  stackoverflow: 'Stack Overflow',
  github: 'GitHub',
  devto: 'dev.to',
  bluesky: 'Bluesky',
  mastodon: 'Mastodon',
  medium: 'Medium',
  substack: 'Substack',
  reddit: 'Reddit',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  producthunt: 'Product Hunt',
  quora: 'Quora',
  pinterest: 'Pinterest',
  facebook: 'Facebook',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  g2: 'G2',
  indiehacker: 'Indie Hackers',
  internet: 'Web search',
  news: 'News',
}

/** A platform as a person names it: "Hacker News" for hackernews. */
export const platformName = (platform: string) => (Object.hasOwn(NAMES, platform) && NAMES[platform]) || platform

/**
 * A source's error as a page shows it: the server's words start with the platform's id ("hackernews could not be
 * reached", as in its log and on the command line), read beside the platform's name as another platform.
 */
export const sourceError = (platform: string, error: string) =>
  error.startsWith(`${platform} `) ? `${platformName(platform)}${error.slice(platform.length)}` : error

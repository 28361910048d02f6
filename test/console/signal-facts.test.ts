// The Signals page's reading of a signal (src/console/signal-facts.ts, src/console/time.tsx): bands, the stand-in
// scorer note, which links are allowed, and relative times.
import { describe, expect, test } from 'bun:test'
import { PLATFORM_NAMES, platformName as serverName, SOURCES } from '../../src/config/platform-names'
import {
  authorLink,
  bandOf,
  httpUrl,
  platformName,
  profileUrl,
  splitReason,
  standInWhy,
} from '../../src/console/signal-facts'
import { fromNow, relative } from '../../src/console/time'

describe('a signal as the console reads it', () => {
  test('score bands follow docs/scoring.md, decimals in the band below the next whole number', () => {
    const bands = [10, 9, 8.99, 7, 6.5, 5, 4.9, 3, 2.99, 0].map((s) => bandOf(s).name)
    expect(bands).toEqual(['top', 'top', 'high', 'high', 'mid', 'mid', 'low', 'low', 'off', 'off'])
  })

  test('the stand-in note comes off the reason and names the scorer that could not answer; other reasons are left whole', () => {
    expect(splitReason('asks for a CRM (scored by the embedded scorer: the ollama scorer could not answer)')).toEqual({
      text: 'asks for a CRM',
      standIn: { for: 'ollama', behind: null },
    })
    // Only at the end, as the scoring service writes it: a post quoting it mid-reason is not an outage.
    const quoted = 'says "(scored by the embedded scorer: the ollama scorer could not answer)" in jest'
    expect(splitReason(quoted)).toEqual({ text: quoted, standIn: null })
  })

  test('a reason stored before the embedded scorer had that name (“the rules scorer”) reads the same', () => {
    for (const why of ['could not answer', 'was behind the bluesky stream']) {
      const old = splitReason(`asks for a CRM (scored by the rules scorer: the openai scorer ${why})`)
      const now = splitReason(`asks for a CRM (scored by the embedded scorer: the openai scorer ${why})`)
      expect(old).toEqual(now)
      expect(old.text).toBe('asks for a CRM')
      expect(old.standIn?.for).toBe('openai')
    }
    // Another scorer's name in the note is no note the scoring service writes.
    const other = 'asks for a CRM (scored by the ollama scorer: the openai scorer could not answer)'
    expect(splitReason(other)).toEqual({ text: other, standIn: null })
  })

  test('a reason naming the model server as a person does, and one stored before it did, read the same', () => {
    for (const [server, id] of [
      ['the Ollama model server', 'ollama'],
      ['the OpenAI-compatible server', 'openai'],
    ] as const)
      for (const why of [
        'could not answer',
        'could not answer within the search time',
        'was behind the bluesky stream',
      ]) {
        const now = splitReason(`asks for a CRM (scored by the embedded scorer: ${server} ${why})`)
        const old = splitReason(`asks for a CRM (scored by the embedded scorer: the ${id} scorer ${why})`)
        expect(now).toEqual(old)
        expect(now).toEqual({
          text: 'asks for a CRM',
          standIn: { for: id, behind: why.includes('bluesky') ? 'bluesky' : null },
        })
      }
  })

  test('the note of a model behind a stream (docs/streams.md#backpressure) comes off too, and says what happened', () => {
    const behind = splitReason(
      'asks for a CRM (scored by the embedded scorer: the ollama scorer was behind the bluesky stream)',
    )
    expect(behind).toEqual({ text: 'asks for a CRM', standIn: { for: 'ollama', behind: 'bluesky' } })
    expect(standInWhy(behind.standIn as NonNullable<typeof behind.standIn>)).toBe(
      'The Ollama model server could not keep up with the Bluesky stream',
    )
    expect(standInWhy({ for: 'openai', behind: null })).toBe('The OpenAI-compatible server could not answer')
  })

  test('only absolute http(s) addresses become links; profile addresses are built with the name encoded', () => {
    expect(httpUrl('https://example.com/a')).toBe('https://example.com/a')
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '/relative', 'vbscript:x', ''])
      expect(httpUrl(bad)).toBeNull()
    expect(profileUrl('hackernews', 'pat')).toBe('https://news.ycombinator.com/user?id=pat')
    expect(profileUrl('reddit', '../../evil?x=1')).toBe('https://www.reddit.com/user/..%2F..%2Fevil%3Fx%3D1')
    expect(profileUrl('linkedin', 'Pat Doe')).toBeNull() // not derivable from a display name
    expect(profileUrl('github', ' ')).toBeNull()
    // The address the platform gave, kept on the person, first; followed only when it is http(s).
    expect(profileUrl('stackoverflow', 'José', 'https://stackoverflow.com/users/1/jose')).toBe(
      'https://stackoverflow.com/users/1/jose',
    )
    expect(profileUrl('stackoverflow', 'José', 'javascript:alert(1)')).toBeNull()
    expect(profileUrl('hackernews', 'pat', 'data:text/html,x')).toBe('https://news.ycombinator.com/user?id=pat')
  })

  // docs/people.md#who-is-a-person: a signal with no person has a stand-in for its author, which names no one: built
  // into an address, `unknown` on dev.to would be the page of someone else, a real account of that name.
  test("a stand-in author (no person) links to no one's profile", () => {
    const signal = { platform: 'devto', author: 'unknown' }
    expect(authorLink({ ...signal, personId: null })).toBeNull()
    expect(authorLink({ ...signal, personId: 'per_1' })).toBe('https://dev.to/unknown')
    expect(authorLink({ ...signal, personId: 'per_1', profileUrl: 'https://dev.to/ann' })).toBe('https://dev.to/ann')
  })

  test('relative times', () => {
    const now = Date.parse('2026-11-28T12:00:00Z')
    const ago = (s: number) => relative(new Date(now - s * 1000).toISOString(), now)
    expect([ago(10), ago(90), ago(3 * 3600), ago(5 * 86_400)]).toEqual(['just now', '1 min ago', '3 h ago', '5 d ago'])
    expect(ago(40 * 86_400)).toBe(new Date(now - 40 * 86_400_000).toLocaleDateString())
    expect(relative('2026-11-28T12:30:00Z', now)).toBe('in 30 min')
    expect(fromNow('2026-11-28T15:00:00Z', now)).toBe('in 3 h')
  })

  test('a scheduled time less than a minute ahead reads as to come, not "just now"', () => {
    const now = Date.parse('2026-11-28T12:00:00Z')
    const ahead = (s: number) => new Date(now + s * 1000).toISOString()
    expect(relative(ahead(30), now, { scheduled: true })).toBe('in under a minute')
    expect(relative(ahead(5 * 60), now, { scheduled: true })).toBe('in 5 min')
    // A next attempt already due reads as the past it is.
    expect(relative(ahead(-90), now, { scheduled: true })).toBe('1 min ago')
    // Something that happened, stamped by a server whose clock runs a few seconds ahead of the browser's.
    expect(relative(ahead(10), now)).toBe('just now')
  })

  test('every platform the server can search has a name a person reads, not its id', () => {
    const asIds = SOURCES.filter((p) => platformName(p) === p)
    expect(asIds).toEqual([])
    expect(platformName('hackernews')).toBe('Hacker News')
    expect(platformName('g2')).toBe('G2')
  })

  test("the console's names are the server's, which chat messages and e-mails use (config/platform-names.ts)", () => {
    const differ = SOURCES.filter((p) => platformName(p) !== PLATFORM_NAMES[p])
    expect(differ).toEqual([])
    // An id that is no source's reads as itself on both sides, the names of Object's own properties too.
    for (const other of ['newplatform', 'constructor', '__proto__', 'toString'])
      expect([platformName(other), serverName(other)]).toEqual([other, other])
  })
})

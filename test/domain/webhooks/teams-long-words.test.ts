// docs/destinations.md#teams: a card's text wraps at spaces only. Adaptive Cards' JavaScript renderer draws a
// RichTextBlock with no break inside a word (a TextBlock breaks one only with `wrap`), and issues on the renderers
// (microsoft/AdaptiveCards #4251, #3890) show a long word overflowing even then: a post holding a URL or a
// 300-character token ran past the card's right edge on a phone, its end cut off with the rest of the line. A run of
// characters with no break is cut, with "…", to what fits a phone's card: measured in Chromium at 390 pixels, a card
// holds some 20 of the widest letters (W) in bold, 30 of a token's and 35 of a URL's.
import { expect, test } from 'bun:test'
import { type Lead, shownToPeople } from '../../../src/domain/webhooks/links'
import { teamsMessage } from '../../../src/domain/webhooks/teams'
import { cardRuns, signalRow } from '../../support/webhooks'

const runs = cardRuns

// Characters a line may not break between: no space and no hyphen (after which renderers break).
const unbroken = (text: string) => Math.max(0, ...(text.match(/[^\s-]+/g) ?? []).map((w) => [...w].length))

const TOKEN = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9'.repeat(9).slice(0, 300)
const URL = `https://example.com/${'a1b2c3d4e5'.repeat(12)}`
const post = `Our login fails with ${TOKEN} since Monday, see ${URL} for the log. Any CRM that does SSO?`

const card = (lead: Partial<Lead>) =>
  runs(teamsMessage([shownToPeople({ ...signalRow('team_1'), ...lead } as Lead)], 1, { console: 'https://x.example' }))

test('a long word in a post, a name, a keyword or an address is cut to what fits a phone', () => {
  const texts = card({
    preview: post,
    author: 'W'.repeat(44),
    keyword: `k${'w'.repeat(90)}`,
    // Too long to be a link: its start is shown as a line of text (post-link.ts).
    url: `https://news.ycombinator.com/item?id=${'9'.repeat(2100)}`,
  })
  // None is longer than a card's width of a URL's characters in small text (the address line), nor a name of the
  // widest longer than 20 of them.
  expect(texts.filter((t) => unbroken(t) > 45)).toEqual([])
  expect(texts).toContain('Post: https://news.ycombinator.com/item?id=9999…')
  expect(texts[1]).toStartWith(`8/10 ACTIVE · ${'W'.repeat(20)}… on Hacker News`)
  const text = texts.find((t) => t.startsWith('Our login fails with ')) as string
  // What is cut says so, and starts as the word did; what comes after it is kept.
  expect(text).toContain(`with ${TOKEN.slice(0, 30)}… since Monday, see https://example.com/a1b2c3d4e5a1b2…`)
  expect(text).toEndWith(' for the log. Any CRM that does SSO?')
})

test('words that fit, hyphenated words and text in scripts written without spaces are shown whole', () => {
  const words = 'self-hosted customer-relationship-management-software for a 12-person team'
  const japanese = '営業チームの顧客管理ツールを探しています。予算は承認済みで、来月から使い始めたいと考えています。'
  const texts = card({ preview: `${words} ${japanese}` })
  expect(texts).toContain(`${words} ${japanese}`)
})

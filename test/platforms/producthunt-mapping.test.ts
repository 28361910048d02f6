// How the Product Hunt connector reads the posts connection (edges/node, pageInfo): what a post becomes, a redacted
// or visible hunter, tracking parameters stripped from links, a malformed post.
import { describe, expect, test } from 'bun:test'
import { fakesPerTest, longText } from '../support/fake-upstream'
import { productHuntTracked } from '../support/platform-rules'
import { AS_SENT } from '../../src/mention'
import { answer, connector, post } from './producthunt-fake'

const fake = fakesPerTest()

describe('producthunt connector: how it reads posts', () => {
  test('maps a post: name, tagline and whole description; votes as likes; redacted hunter → unknown with no profile', async () => {
    const description = longText()
    const ph = fake(() => answer([post(1, { description: `${description}<br>` })], null, false))
    const [m] = await connector(ph.origin).search('crm', 10)
    expect(m).toEqual({
      id: 'producthunt:900001',
      author: 'unknown',
      // A stand-in, no one's name: it makes no person (docs/people.md#who-is-a-person).
      authorKnown: false,
      platform: 'producthunt',
      content: `Acme 1\n\nCRM for indie teams\n\n${description.trim()}`,
      // docs/platforms.md#as-sent: the raw search's text, each field as sent.
      [AS_SENT]: ['Acme 1', 'CRM for indie teams', `${description}<br>`],
      url: 'https://www.producthunt.com/posts/acme-1',
      // The hunter's profile is what the post's user gives; redacted, there is none: the product's site or the post's
      // own page is no one's profile (docs/platforms.md#producthunt).
      profileUrl: '',
      date: '2026-03-01T08:01:00.000Z',
      engagement: { likes: 210, comments: 34, shares: 0 },
    })
  })

  test('a visible hunter is the author with their profile; missing counts and description are 0 and left out', async () => {
    const ph = fake(() =>
      answer(
        [
          post(1, { user: { name: 'Kat Manalac', username: 'katm', url: 'https://www.producthunt.com/@katm' } }),
          post(2, {
            user: { name: '[REDACTED]', username: 'jo', url: null },
            votesCount: null,
            commentsCount: undefined,
            description: null,
          }),
          post(3, { user: null, website: null }),
        ],
        null,
        false,
      ),
    )
    const [a, b, c] = await connector(ph.origin).search('crm', 10)
    expect([a.author, a.profileUrl]).toEqual(['Kat Manalac', 'https://www.producthunt.com/@katm'])
    expect([b.author, b.profileUrl, b.content, b.engagement]).toEqual([
      'jo',
      'https://www.producthunt.com/@jo',
      'Acme 2\n\nCRM for indie teams',
      { likes: 0, comments: 0, shares: 0 },
    ])
    expect([c.author, c.profileUrl]).toEqual(['unknown', ''])
  })

  test('tracking parameters naming our API application are stripped from every link', async () => {
    const ph = fake(() =>
      answer(
        [
          post(1, {
            url: productHuntTracked('https://www.producthunt.com/posts/acme-1'),
            website: productHuntTracked('https://www.producthunt.com/r/ACME1'),
          }),
          post(2, {
            url: productHuntTracked('https://www.producthunt.com/posts/acme-2'),
            user: { name: 'Kat', username: 'katm', url: productHuntTracked('https://www.producthunt.com/@katm') },
          }),
          post(3, { url: `${productHuntTracked('https://www.producthunt.com/posts/acme-3')}&ref=keep` }),
        ],
        null,
        false,
      ),
    )
    const [a, b, c] = await connector(ph.origin).search('crm', 10)
    expect(a.url).toBe('https://www.producthunt.com/posts/acme-1')
    expect([b.url, b.profileUrl]).toEqual([
      'https://www.producthunt.com/posts/acme-2',
      'https://www.producthunt.com/@katm',
    ])
    expect(c.url).toBe('https://www.producthunt.com/posts/acme-3?ref=keep')
    expect(JSON.stringify([a, b, c])).not.toContain('Application')
  })
  test('a malformed post is skipped and logged', async () => {
    const lines: string[] = []
    const ph = fake(() => answer([{ id: '1', name: null }, post(2, { createdAt: 'yesterday' }), post(3)], null, false))
    const mentions = await connector(ph.origin, {}, lines).search('crm', 10)
    expect(mentions.map((m) => m.id)).toEqual(['producthunt:900003'])
    expect(lines.filter((l) => JSON.parse(l).event === 'platform_item_skipped')).toHaveLength(2)
  })
})

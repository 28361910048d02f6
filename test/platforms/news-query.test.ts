import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createNewsConnector } from '../../src/platforms/news/connector'
import { fakesPerTest } from '../support/fake-upstream'

// docs/platforms.md#keyword-queries: Google News' search reads the syntax Google documents for its searches: words
// all required, an upper-case OR between two alternatives, ( ) grouping, "phrases", and a minus before a word or a
// phrase to leave it out (Google Hacks, "Basic Boolean" and "Google News Search Syntax"). A minus before a group is
// not in it: this fake, as that syntax reads it, takes the minus for no operator and the group for required words.
// `crm -(cheap OR free)` was sent as written, so the search asked for articles about cheap or free CRMs.
type Node = { all: Node[] } | { any: Node[] } | { not: Node } | { text: string }

function parse(q: string): Node {
  const tokens = q.match(/-?"[^"]*"|[()]|[^\s()"]+/g) ?? []
  let i = 0
  // Only a word or a phrase may follow the minus; a minus alone (before a group) is no operator.
  const item = (t: string): Node =>
    t.length > 1 && t.startsWith('-')
      ? { not: { text: t.slice(1).replaceAll('"', '') } }
      : { text: t === '-' ? '' : t.replaceAll('"', '') }
  const one = (): Node => {
    const t = tokens[i++]
    if (t !== '(') return item(t)
    const inner = group()
    i++ // the closing parenthesis
    return inner
  }
  function group(): Node {
    const all: Node[] = []
    while (i < tokens.length && tokens[i] !== ')') {
      const any = [one()]
      while (tokens[i] === 'OR') {
        i++
        any.push(one())
      }
      all.push(any.length > 1 ? { any } : any[0])
    }
    return { all }
  }
  return group()
}

function matches(node: Node, text: string): boolean {
  if ('all' in node) return node.all.every((n) => matches(n, text))
  if ('any' in node) return node.any.some((n) => matches(n, text))
  if ('not' in node) return !matches(node.not, text)
  return node.text === '' || text.toLowerCase().includes(node.text.toLowerCase())
}

const ARTICLES = ['Cheap CRM deals', 'Free CRM for startups', 'CRM pricing for mid-size teams', 'ERP news']
const rss = (titles: string[]) =>
  new Response(
    `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Google News</title>${titles
      .map(
        (t, n) =>
          `<item><title>${t} - Wire</title><link>https://wire.example/${n}</link><guid isPermaLink="false">g${n}</guid><pubDate>Sun, 0${n + 1} Mar 2026 12:00:00 GMT</pubDate><source url="https://wire.example">Wire</source></item>`,
      )
      .join('')}</channel></rss>`,
    { headers: { 'content-type': 'application/xml' } },
  )

const fake = fakesPerTest()

describe('news connector against a fake Google News reading the documented query syntax', () => {
  test('an excluded group is sent as exclusions Google reads: the CRM articles without cheap or free come back', async () => {
    const gn = fake((req) => {
      const q = new URL(req.url).searchParams.get('q') ?? ''
      return rss(ARTICLES.filter((a) => matches(parse(q), a)))
    })
    const search = (keyword: string) =>
      createNewsConnector(
        loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_NEWS_BASE_URL: gn.origin } }).platforms.news,
        createLogger(() => {}),
      ).search(keyword, 10)
    const titles = async (keyword: string) => (await search(keyword)).map((m) => m.content).sort()
    expect(await titles('crm -(cheap OR free)')).toEqual(['CRM pricing for mid-size teams - Wire'])
    // OR-groups and parentheses are Google's own: sent as written.
    expect(await titles('(cheap OR free) crm')).toEqual(['Cheap CRM deals - Wire', 'Free CRM for startups - Wire'])
    expect(await titles('erp OR (crm pricing)')).toEqual(['CRM pricing for mid-size teams - Wire', 'ERP news - Wire'])
  })
})

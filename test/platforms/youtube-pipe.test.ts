import { describe, expect, test } from 'bun:test'
import { youtubeQuery } from '../../src/query/platform-queries'
import type { Received } from '../support/fake-upstream'
import { connector, searchPage, searchResult, video, videosFor, youtubeFakes } from './youtube-fake'

// YouTube's search.list documents q's operators as | (OR) and - (NOT): 'boating|sailing -fishing' finds videos about
// boating or sailing and not fishing (docs/platforms.md#keyword-queries). This fake reads q so: space-separated parts,
// each all required unless it starts with -, each part's alternatives split at |, a quoted part its words in order.
const fake = youtubeFakes()
const TITLES: Record<number, string> = {
  1: 'A CRM for sales teams',
  2: 'Which CRM for sales ops',
  3: 'CRM without the ops work',
}
const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
const has = (text: string, phrase: string[]) =>
  words(text).some((_, i, all) => phrase.every((w, j) => all[i + j] === w))
const alternatives = (part: string) =>
  (part.startsWith('"') ? [part] : part.split('|')).map((a) => words(a)).filter((a) => a.length > 0)
function answer(req: Received) {
  const q = req.url.searchParams.get('q') ?? ''
  const parts = q.match(/-?"[^"]*"|\S+/g) ?? []
  const holds = (text: string, part: string) => alternatives(part.replace(/^-/, '')).some((a) => has(text, a))
  const found = Object.entries(TITLES).filter(([, title]) =>
    parts.every((p) => (p.startsWith('-') ? !holds(title, p) : holds(title, p))),
  )
  return searchPage(found.map(([n]) => searchResult(Number(n))))
}

const search = async (keyword: string) => {
  const yt = fake({
    search: answer,
    videos: (req) => videosFor(req, (n) => video(n, { snippet: { title: TITLES[n], description: '' } })),
  })
  return (await connector(yt.origin).search(keyword, 10)).map((m) => m.id).sort()
}

describe('YouTube: a word holding | is sent in quotes, as its words, never as YouTube’s OR', () => {
  test('crm -sales|ops leaves out only the videos that say sales ops, as matching does', async () => {
    expect(youtubeQuery('crm -sales|ops')).toBe('crm -"sales|ops"')
    expect(await search('crm -sales|ops')).toEqual(['youtube:vid1', 'youtube:vid3'])
  })

  test('a word holding | among the words is asked as the words it holds', async () => {
    expect(youtubeQuery('sales|ops crm')).toBe('"sales|ops" crm')
    expect(await search('sales|ops crm')).toEqual(['youtube:vid2'])
  })
})

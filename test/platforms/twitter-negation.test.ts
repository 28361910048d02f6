import { describe, expect, test } from 'bun:test'
import { twitterQuery } from '../../src/query/platform-queries'
import { fakesPerTest } from '../support/fake-upstream'
import { searchX } from './twitter-search-fake'

// A fake X API v2 recent search that keeps to X's build-a-query rules (docs/platforms.md#keyword-queries): a negated
// group of operators is not taken ("Do not negate a set of operators grouped together ... negate each individual
// operator"), answered here as an invalid query (400); a -word leaves out the posts holding it.
const fake = fakesPerTest()
const POSTS = [
  { id: '1790000000000000001', text: 'Looking for a CRM for our team' },
  { id: '1790000000000000002', text: 'A free CRM that works' },
  { id: '1790000000000000003', text: 'The cheap CRM we tried' },
]
const search = (keyword: string) =>
  searchX(fake, keyword, (query) => {
    if (/(^|[\s(])-\(/.test(query))
      return Response.json(
        { title: 'Invalid Request', detail: 'One or more parameters to your request was invalid.', type: 'x' },
        { status: 400 },
      )
    const excluded = [...query.matchAll(/(?:^|\s)-(\w+)/g)].map((m) => m[1]).filter((w) => w !== 'is')
    return POSTS.filter((p) => !excluded.some((w) => p.text.toLowerCase().includes(w)))
  })

describe('X: an excluded group is sent as X takes exclusions, one operator at a time', () => {
  test('-(cheap OR free) is sent as -cheap -free, the same exclusion', async () => {
    expect(twitterQuery('crm -(cheap OR free)')).toBe('crm -cheap -free')
    expect(await search('crm -(cheap OR free)')).toEqual([POSTS[0].id])
    expect(twitterQuery('(crm -(cheap OR free)) OR erp')).toBe('(crm -cheap -free) OR erp')
  })

  test('an excluded group of words is left to our matching: X is sent no negated group', async () => {
    expect(twitterQuery('crm -(free trial)')).toBe('crm')
    expect(await search('crm -(free trial)')).toHaveLength(3)
    expect(twitterQuery('crm -(cheap OR "free trial")')).toBe('crm -cheap -"free trial"')
  })
})

import { describe, expect, test } from 'bun:test'
import {
  algoliaQuery,
  blueskyQuery,
  githubQuery,
  newsQuery,
  plainQuery,
  redditQuery,
  twitterQuery,
  X_QUERY_MAX,
  youtubeQuery,
} from '../../src/query/platform-queries'

// docs/queries.md#per-platform: for each query, what each platform's own search is sent. What a platform cannot
// say is left out in the direction that finds more; our matching then applies the whole query.
const QUERIES = [
  'crm',
  'crm OR erp',
  '(crm OR erp) -hubspot',
  'crm -"worth it" author:bob lang:de type:comment',
  'automat* subreddit:saas title:help',
  'crm site:acme/tools -author:bot',
  'crm -(cheap OR free)',
  'crm site:techcrunch.com title:"raises"',
  '"buying guide" -platform:reddit',
]
const BUILT: Record<string, Record<string, string>> = {
  twitter: {
    'crm OR erp': 'crm OR erp',
    '(crm OR erp) -hubspot': '(crm OR erp) -hubspot',
    'crm -"worth it" author:bob lang:de type:comment': 'crm -"worth it" from:bob lang:de is:reply',
    'automat* subreddit:saas title:help': 'automat help',
    'crm site:acme/tools -author:bot': 'crm -from:bot',
    'crm -(cheap OR free)': 'crm -cheap -free',
    'crm site:techcrunch.com title:"raises"': 'crm "raises"',
  },
  reddit: {
    '(crm OR erp) -hubspot': '(crm OR erp) NOT hubspot',
    'crm -"worth it" author:bob lang:de type:comment': 'crm NOT "worth it" author:bob',
    'automat* subreddit:saas title:help': 'automat subreddit:saas title:help',
    'crm site:acme/tools -author:bot': 'crm NOT author:bot',
    'crm -(cheap OR free)': 'crm NOT (cheap OR free)',
    'crm site:techcrunch.com title:"raises"': 'crm title:"raises"',
  },
  github: {
    '(crm OR erp) -hubspot': '(crm OR erp) NOT hubspot',
    'crm -"worth it" author:bob lang:de type:comment': 'crm NOT "worth it" author:bob',
    'automat* subreddit:saas title:help': 'automat help',
    'crm site:acme/tools -author:bot': 'crm repo:acme/tools -author:bot',
    'crm -(cheap OR free)': 'crm NOT cheap NOT free',
  },
  youtube: {
    'crm OR erp': 'crm|erp',
    '(crm OR erp) -hubspot': 'crm|erp -hubspot',
  },
  news: {
    '(crm OR erp) -hubspot': '(crm OR erp) -hubspot',
    'automat* subreddit:saas title:help': 'automat intitle:help',
    'crm -(cheap OR free)': 'crm -cheap -free',
    'crm site:techcrunch.com title:"raises"': 'crm site:techcrunch.com intitle:"raises"',
  },
  bluesky: {
    'crm OR erp': 'crm',
    '(crm OR erp) -hubspot': 'crm -hubspot',
    'crm -"worth it" author:bob lang:de type:comment': 'crm -"worth it" from:bob lang:de',
    'crm site:acme/tools -author:bot': 'crm -from:bot',
    'crm -(cheap OR free)': 'crm',
  },
  plain: {
    'crm OR erp': 'crm',
    '(crm OR erp) -hubspot': 'crm',
    'crm -"worth it" author:bob lang:de type:comment': 'crm',
    'automat* subreddit:saas title:help': 'automat help',
    'crm site:techcrunch.com title:"raises"': 'crm "raises"',
  },
}
const BUILDERS: Record<string, (k: string) => string> = {
  twitter: twitterQuery,
  reddit: redditQuery,
  github: githubQuery,
  youtube: youtubeQuery,
  news: newsQuery,
  bluesky: blueskyQuery,
  plain: (k) => plainQuery(k),
}
// Queries not in a platform's table above are sent as written there.
const AS_WRITTEN: Record<string, string> = {
  crm: 'crm',
  'crm OR erp': 'crm OR erp',
  '(crm OR erp) -hubspot': '(crm OR erp) -hubspot',
  'crm -"worth it" author:bob lang:de type:comment': 'crm -"worth it"',
  'automat* subreddit:saas title:help': 'automat help',
  'crm site:acme/tools -author:bot': 'crm',
  'crm -(cheap OR free)': 'crm',
  'crm site:techcrunch.com title:"raises"': 'crm "raises"',
  '"buying guide" -platform:reddit': '"buying guide"',
}

describe('each platform gets the broadest search it can express', () => {
  for (const [platform, build] of Object.entries(BUILDERS)) {
    test(platform, () => {
      const got = Object.fromEntries(QUERIES.map((q) => [q, build(q)]))
      const want = Object.fromEntries(QUERIES.map((q) => [q, BUILT[platform][q] ?? AS_WRITTEN[q]]))
      expect(got).toEqual(want)
    })
  }

  test('Hacker News: words, phrases and exclusions in the query; author and story or comment as tags', () => {
    expect(algoliaQuery('crm')).toEqual({ query: 'crm', tags: '(story,comment)' })
    expect(algoliaQuery('"sales pipeline" -hubspot author:pg type:comment')).toEqual({
      query: '"sales pipeline" -hubspot',
      tags: 'comment,author_pg',
    })
    expect(algoliaQuery('crm OR erp type:post').query).toBe('crm')
  })

  // Algolia's advanced syntax excludes a query word written after a minus, and reads no minus inside quotes: it
  // documents no exclusion of a phrase, so '-"free trial"' could require the phrase that the query excludes.
  test('Hacker News: only single words are excluded', () => {
    expect(algoliaQuery('crm -hubspot -"free trial" -follow-up -#ad').query).toBe('crm -hubspot')
    expect(algoliaQuery('crm -café').query).toBe('crm -café')
  })

  test('X: the longest query (200 characters) stays within 512 with our wrapper', () => {
    const longest = `(${Array.from({ length: 13 }, (_, i) => `option${i}`).join(' OR ')}) -"excluded phrase" lang:en`
    expect(longest.length).toBeLessThanOrEqual(200)
    expect(twitterQuery(longest)).toBe(longest)
    expect(twitterQuery(longest).length).toBeLessThanOrEqual(X_QUERY_MAX)
  })

  test('a stored keyword without a word is sent as written', () => {
    expect(plainQuery('"!!!')).toBe('"!!!')
    expect(twitterQuery('"!!!')).toBe('"!!!')
  })

  // YouTube documents q's | and - with 'boating|sailing -fishing' and nothing to group with: | binds before the
  // spaces, and a parenthesis is no operator, so '-(cheap | free)' or 'crm advice | erp' would ask another question.
  test('YouTube: | between words and phrases, never parentheses', () => {
    expect(youtubeQuery('(crm OR erp) (advice OR "buying guide")')).toBe('crm|erp advice|"buying guide"')
    expect(youtubeQuery('crm -(cheap OR free)')).toBe('crm')
    expect(youtubeQuery('crm -"free trial" -(a b)')).toBe('crm -"free trial"')
    expect(youtubeQuery('crm advice OR erp')).toBe('crm advice')
    expect(youtubeQuery('crm ((a b) OR c)')).toBe('crm')
    expect(youtubeQuery('crm (a (b c))')).toBe('crm a b c')
  })

  test('GitHub: more than 5 operators drops the exclusions first', () => {
    expect(githubQuery('crm -a -b -c -d -e -f')).toBe('crm')
    expect(githubQuery('crm -a -b')).toBe('crm NOT a NOT b')
  })
})

// docs/queries.md#per-platform: a word is never sent in a form the platform reads as one of its own operators
// (X's from:, #hashtag, @mention and $cashtag, GitHub's label:, Reddit's url:, Stack Exchange's is:, Google's when:),
// which would narrow its search to posts the query does not ask for: it goes quoted, as the words it matches.
describe('a word that looks like a platform operator is sent quoted', () => {
  test('X', () => {
    expect(twitterQuery('from:bob crm')).toBe('"from:bob" crm')
    expect(twitterQuery('#crm OR @acme')).toBe('"#crm" OR "@acme"')
    expect(twitterQuery('crm -$fb')).toBe('crm -"$fb"')
    expect(twitterQuery('url:acme.com crm')).toBe('"url:acme.com" crm')
  })
  test('the other platforms', () => {
    expect(githubQuery('label:bug crm')).toBe('"label:bug" crm')
    expect(redditQuery('url:acme.com crm')).toBe('"url:acme.com" crm')
    expect(blueskyQuery('crm -from:bob')).toBe('crm -"from:bob"')
    expect(newsQuery('when:7d crm')).toBe('"when:7d" crm')
    expect(plainQuery('is:question crm')).toBe('"is:question" crm')
    expect(algoliaQuery('#crm').query).toBe('"#crm"')
    expect(youtubeQuery('http://acme.com crm')).toBe('"http://acme.com" crm')
  })
  // docs.searxng.org's search syntax: a word starting with ! picks an engine or category (!! an external site) and
  // one starting with : a language; SearXNG would search the rest of the query there instead.
  test('SearXNG', () => {
    expect(plainQuery('!wp crm')).toBe('"!wp" crm')
    expect(plainQuery(':fr crm !!g')).toBe('":fr" crm "!!g"')
  })
  test('words with other punctuation are sent as written', () => {
    expect(redditQuery('node.js c# follow-up')).toBe('node.js c# follow-up')
  })
  // X's list of operators: a keyword is matched against the post's words split at punctuation, and a keyword with
  // punctuation in it must be in quotes to match; unquoted, 'coca-cola' risks reading as coca and not cola.
  test('X: a word with punctuation in it goes in quotes', () => {
    expect(twitterQuery('node.js OR follow-up -coca-cola')).toBe('"node.js" OR ("follow-up" -"coca-cola")')
    expect(twitterQuery('crm automat* café')).toBe('crm automat café')
  })
})

// docs/queries.md#filters: an author's name as a platform shows it may hold spaces (a YouTube channel, a news byline),
// but X's from:, Reddit's and GitHub's author:, Bluesky's from: and Algolia's author_ tag take one username.
// `author:"jane doe"` went to X as `from:jane doe` (from:jane and the word doe), and a name with a platform's syntax
// in it (`)`, `,`) changed the search. Only a username is sent; any other name is left to matching.
describe('author: goes to a platform only as a username its operator takes', () => {
  const HANDLE_PLATFORMS = { twitter: twitterQuery, reddit: redditQuery, github: githubQuery, bluesky: blueskyQuery }

  test('a name with a space, or with the platform syntax in it, is not sent', () => {
    for (const [platform, build] of Object.entries(HANDLE_PLATFORMS)) {
      for (const query of ['crm author:"jane doe"', 'crm -author:"jane doe"', 'crm author:"bob) OR (spam"'])
        expect({ platform, query, sent: build(query) }).toEqual({ platform, query, sent: 'crm' })
    }
    expect(algoliaQuery('crm author:"jane doe"')).toEqual({ query: 'crm', tags: '(story,comment)' })
    expect(algoliaQuery('crm author:"pg,comment"')).toEqual({ query: 'crm', tags: '(story,comment)' })
  })

  test('a username is sent as before', () => {
    expect(twitterQuery('crm author:@Jane_Doe')).toBe('crm from:jane_doe')
    expect(redditQuery('crm author:some-user')).toBe('crm author:some-user')
    expect(githubQuery('crm author:octo-cat')).toBe('crm author:octo-cat')
    expect(blueskyQuery('crm author:jane.bsky.social')).toBe('crm from:jane.bsky.social')
    expect(algoliaQuery('crm author:pg').tags).toBe('(story,comment),author_pg')
  })
})

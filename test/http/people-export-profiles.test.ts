// docs/people.md#export: a CRM import of a person linked to accounts on other platforms needs each account's profile
// address, not only the first account's: `identityProfileUrls` gives them in the order of `identities`.
import { expect, test } from 'bun:test'
import { parseCsv } from '../support/exports'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { signalRow } from '../support/webhooks'

type Person = { id: string; platform: string; author: string }

/** A team on the API: `api` answers a call's body, `post` is a signal of `author` with its profile address. */
async function peopleWorld() {
  const { deps } = await testDeps({ now: '2026-11-15T12:00:00.000Z' })
  const { team, apiKey } = await seedTeam(deps)
  const call = client(deps)
  const api = async <T>(method: string, path: string, body?: unknown) =>
    ((await call(method, path, { key: apiKey, body })) as { body: T }).body
  const post = (platform: string, author: string, profileUrl: string) => ({
    ...signalRow(team.id, { platform, author }),
    profileUrl,
  })
  return { deps, team, api, post }
}

test('the people export gives the profile address of every linked account, in CSV and JSON Lines alike', async () => {
  const { deps, team, api, post } = await peopleWorld()
  await deps.repos.signals.insertMany(team.id, [
    post('reddit', 'ann', 'https://www.reddit.com/user/ann'),
    post('twitter', 'ann_x', 'https://x.com/ann_x'),
    // A platform that gave no profile address: its place in the list stays, marked `none`.
    post('medium', 'ann m', ''),
  ])
  const people = (await api<{ people: Person[] }>('GET', '/api/v1/people')).people
  const id = (platform: string) => (people.find((p) => p.platform === platform) as Person).id
  await api('POST', `/api/v1/people/${id('reddit')}/links`, { personId: id('twitter') })
  await api('POST', `/api/v1/people/${id('reddit')}/links`, { personId: id('medium') })

  const csv = parseCsv(await api<string>('GET', '/api/v1/people/export?format=csv'))
  const header = csv[0] as string[]
  const row = csv.find((r) => r[0] === id('reddit')) as string[]
  const cell = (name: string) => row[header.indexOf(name)]
  expect(cell('profileUrl')).toBe('https://www.reddit.com/user/ann')
  const identities = cell('identities').split(' ')
  const profiles = cell('identityProfileUrls').split(' ')
  expect(Object.fromEntries(identities.map((i, n) => [i, profiles[n]]))).toEqual({
    'twitter:ann_x': 'https://x.com/ann_x',
    'medium:ann%20m': 'none',
  })
  // One person, one line: the test client reads a body of one JSON value as that value.
  const record = await api<{ identityProfileUrls: string }>('GET', '/api/v1/people/export?format=jsonl')
  expect(record.identityProfileUrls).toBe(cell('identityProfileUrls'))
  // The API's person answer already carried them: the export now says the same.
  const detail = await api<{ person: { identities: { profileUrl: string }[] } }>(
    'GET',
    `/api/v1/people/${id('reddit')}`,
  )
  expect(detail.person.identities.map((i) => i.profileUrl).sort()).toEqual(['', 'https://x.com/ann_x'])
})

// A profile address is kept as a URL parser writes it (platforms/common/web-urls.ts), so a name outside ASCII is
// percent-encoded in it already (`J%C3%BCrgen`); the column encoded its `%` again, as it does in a name, and the link
// named another page (`J%25C3%25BCrgen`, which the platform answers 404).
test("a linked account's profile address holding percent-escapes is exported as the platform gave it", async () => {
  const { deps, team, api, post } = await peopleWorld()
  const reddit = 'https://www.reddit.com/user/J%C3%BCrgen'
  const mastodon = 'https://mastodon.social/@j%C3%BCrgen'
  await deps.repos.signals.insertMany(team.id, [
    post('hackernews', 'juergen', ''),
    post('reddit', 'Jürgen', reddit),
    post('mastodon', 'jürgen', mastodon),
  ])
  const people = (await api<{ people: Person[] }>('GET', '/api/v1/people')).people
  const id = (platform: string) => (people.find((p) => p.platform === platform) as Person).id
  for (const platform of ['reddit', 'mastodon'])
    await api('POST', `/api/v1/people/${id('hackernews')}/links`, { personId: id(platform) })
  const csv = parseCsv(await api<string>('GET', '/api/v1/people/export?format=csv'))
  const header = csv[0] as string[]
  const row = csv.find((r) => r[0] === id('hackernews')) as string[]
  const cell = (name: string) => row[header.indexOf(name)] as string
  const urls = cell('identityProfileUrls').split(' ')
  const identities = cell('identities').split(' ')
  expect(Object.fromEntries(identities.map((i, n) => [i.split(':')[0], urls[n]]))).toEqual({ reddit, mastodon })
  const record = await api<{ identityProfileUrls: string }>('GET', '/api/v1/people/export?format=jsonl')
  expect(record.identityProfileUrls).toBe(cell('identityProfileUrls'))
})

import { afterAll, afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { ok, query, runCli, type Workspace, withTeam } from './run-cli'

// Each test on a database of its own holding team acme, made once by `team create` (test/cli/team.test.ts checks it).
const withAcme = withTeam('acme')
let ws: Workspace
beforeEach(async () => {
  ws = await withAcme.make()
})
afterEach(() => ws.cleanup())
afterAll(() => withAcme.cleanup())

const keywords = async () => JSON.parse(await ok(ws, ['keyword', 'list', '--team', 'acme', '--json'])) as string[]

// A keyword added said "Now tracking" and nothing of when it is searched: the README's next step (poll --once) and
// the server's schedule are what a new team needs to know (docs/operations.md#keyword-polling), and the streams that
// match it (docs/streams.md).
const PASS =
  'Next: lead-signals poll --once --team acme searches now; a running "lead-signals serve" searches on its schedule (polling.schedule */15 * * * *, UTC); its streams (Hacker News, Bluesky, Stack Overflow, dev.to) match new posts against it within 15 s.\n'
// The README's order: a team with no ICP profile describes its customers before a pass, which scores each post once
// against the profiles there are then (docs/operations.md#what-a-pass-does).
const PROFILE_FIRST =
  'Before a pass: lead-signals icp add --team acme --name NAME --description TEXT says who buys from you, so each lead a pass finds is matched to it.\n'
const NEXT = PROFILE_FIRST + PASS

describe('keyword', () => {
  test('add trims keywords, keeps the first spelling of case-insensitive repeats, and list shows them in order', async () => {
    const out = await ok(ws, ['keyword', 'add', '--team', 'acme', '  CRM ', 'sales pipeline', 'crm'])
    expect(out).toBe(`Now tracking "CRM", "sales pipeline".\n${NEXT}`)
    expect(await keywords()).toEqual(['CRM', 'sales pipeline'])
    expect(await query(ws, 'SELECT keyword, keyword_lc FROM keywords ORDER BY keyword_lc')).toEqual([
      { keyword: 'CRM', keyword_lc: 'crm' },
      { keyword: 'sales pipeline', keyword_lc: 'sales pipeline' },
    ])
    expect(await ok(ws, ['keyword', 'list', '--team', 'acme'])).toBe('CRM\nsales pipeline\n')
  })

  test('adding a keyword already tracked in another case adds only the new ones and says which were tracked', async () => {
    await ok(ws, ['keyword', 'add', '--team', 'acme', 'crm'])
    const out = await ok(ws, ['keyword', 'add', '--team', 'acme', 'Crm', 'leads'])
    expect(out).toBe(`Now tracking "leads".\nAlready tracked: "Crm".\n${NEXT}`)
    expect(await keywords()).toEqual(['crm', 'leads'])
  })

  test('with an ICP profile, the next step is the pass', async () => {
    await ok(ws, ['icp', 'add', '--team', 'acme', '--name', 'Ops', '--description', 'Operations leads'])
    expect(await ok(ws, ['keyword', 'add', '--team', 'acme', 'crm'])).toBe(`Now tracking "crm".\n${PASS}`)
  })

  // docs/queries.md#per-platform: Mastodon has no OR, so it is searched for "crm" alone; the team is told so here.
  test('add names the platforms that search a keyword for its first alternative only', async () => {
    const env = {
      LEAD_SIGNALS_PLATFORMS_MASTODON_BASE_URL: 'http://127.0.0.1:9',
      LEAD_SIGNALS_PLATFORMS_MASTODON_ACCESS_TOKEN: 'token',
    }
    const out = await ok(ws, ['keyword', 'add', '--team', 'acme', 'crm OR erp', 'crm -hubspot'], { env })
    expect(out).toBe(
      'Now tracking "crm OR erp", "crm -hubspot".\n' +
        '“crm OR erp” is searched as “crm” only on Mastodon, whose search cannot ask for every alternative of it: a post there that matches only another is not found. Track each alternative as a keyword of its own to find those.\n' +
        NEXT,
    )
  })

  // docs/platforms.md#keyword-queries: no platform's search takes a prefix, so `automat*` is sent as "automat" (GitHub
  // is set up without a key).
  test('add names the platforms that search a prefix as its stem', async () => {
    const env = {
      LEAD_SIGNALS_PLATFORMS_MASTODON_BASE_URL: 'http://127.0.0.1:9',
      LEAD_SIGNALS_PLATFORMS_MASTODON_ACCESS_TOKEN: 'token',
    }
    const out = await ok(ws, ['keyword', 'add', '--team', 'acme', 'automat*'], { env })
    expect(out).toBe(
      'Now tracking "automat*".\n' +
        '“automat*” is searched as “automat” on GitHub and Mastodon, whose search takes no prefix: a post there that has only a longer word starting with “automat” is not found. Track the whole words you mean as keywords of their own to find those.\n' +
        NEXT,
    )
  })

  test('a keyword of exactly 200 characters is accepted', async () => {
    await ok(ws, ['keyword', 'add', '--team', 'acme', 'k'.repeat(200)])
    expect(await keywords()).toEqual(['k'.repeat(200)])
  })

  test('remove drops the keywords named in any case', async () => {
    await ok(ws, ['keyword', 'add', '--team', 'acme', 'crm', 'leads', 'sales'])
    expect(await ok(ws, ['keyword', 'remove', '--team', 'acme', 'CRM', 'sales'])).toBe(
      'No longer tracking "crm", "sales".\n',
    )
    expect(await keywords()).toEqual(['leads'])
  })

  test('list says so when the team tracks no keywords', async () => {
    expect(await ok(ws, ['keyword', 'list', '--team', 'acme'])).toBe('the team tracks no keywords\n')
    expect(await keywords()).toEqual([])
  })
})

const profiles = async () => JSON.parse(await ok(ws, ['icp', 'list', '--team', 'acme', '--json']))

describe('icp', () => {
  test('add stores a trimmed profile, and list shows it as text and as JSON', async () => {
    const out = await ok(ws, [
      'icp',
      'add',
      '--team',
      'acme',
      '--name',
      ' SaaS founders ',
      '--description',
      'Founders of B2B SaaS startups',
    ])
    expect(out).toStartWith('Added ICP profile "SaaS founders".\nNext: ') // what comes next: below
    await ok(ws, [
      'icp',
      'add',
      '--team',
      'acme',
      '--name',
      'Agencies',
      '--description',
      'Marketing agencies',
      '--competitors',
      ' HubSpot, Pipedrive ,hubspot,',
    ])
    expect(await profiles()).toEqual([
      { name: 'SaaS founders', description: 'Founders of B2B SaaS startups', competitors: [] },
      { name: 'Agencies', description: 'Marketing agencies', competitors: ['HubSpot', 'Pipedrive'] },
    ])
    expect(await ok(ws, ['icp', 'list', '--team', 'acme'])).toBe(
      'SaaS founders: Founders of B2B SaaS startups\nAgencies: Marketing agencies (competitors: HubSpot, Pipedrive)\n',
    )
  })

  test('names up to 100 and descriptions up to 2000 characters are accepted', async () => {
    await ok(ws, ['icp', 'add', '--team', 'acme', '--name', 'n'.repeat(100), '--description', 'd'.repeat(2000)])
    expect(await profiles()).toEqual([{ name: 'n'.repeat(100), description: 'd'.repeat(2000), competitors: [] }])
  })

  test('remove deletes the named profile only', async () => {
    await ok(ws, ['icp', 'add', '--team', 'acme', '--name', 'A', '--description', 'first'])
    await ok(ws, ['icp', 'add', '--team', 'acme', '--name', 'B', '--description', 'second'])
    expect(await ok(ws, ['icp', 'remove', '--team', 'acme', '--name', 'A'])).toBe('Removed ICP profile "A".\n')
    expect(await profiles()).toEqual([{ name: 'B', description: 'second', competitors: [] }])
    expect(await ok(ws, ['icp', 'remove', '--team', 'acme', '--name', 'B'])).toContain('Removed')
    expect(await ok(ws, ['icp', 'list', '--team', 'acme'])).toBe('the team has no ICP profiles\n')
  })

  test("profiles and keywords belong to one team: another team's list is empty", async () => {
    await ok(ws, ['team', 'create', '--name', 'other', '--plan', 'growth'])
    await ok(ws, ['icp', 'add', '--team', 'acme', '--name', 'A', '--description', 'first'])
    await ok(ws, ['keyword', 'add', '--team', 'acme', 'crm'])
    expect(JSON.parse(await ok(ws, ['icp', 'list', '--team', 'other', '--json']))).toEqual([])
    expect(JSON.parse(await ok(ws, ['keyword', 'list', '--team', 'other', '--json']))).toEqual([])
    const r = await runCli(ws, ['keyword', 'remove', '--team', 'other', 'crm'])
    expect(r.code).toBe(1)
    expect(await keywords()).toEqual(['crm'])
  })
})

describe('keyword queries (docs/queries.md)', () => {
  test('add takes a query; an invalid one exits 2 with one line naming the position, and adds nothing', async () => {
    const bad = await runCli(ws, ['keyword', 'add', '--team', 'acme', 'crm', 'crm OR'])
    expect(bad.code).toBe(2)
    expect(bad.stderr.trim().split('\n')).toHaveLength(1)
    expect(bad.stderr).toContain('keyword "crm OR" at character 7: expected a word, a "phrase", a filter or ( after OR')
    expect(await keywords()).toEqual([])
    await ok(ws, ['keyword', 'add', '--team', 'acme', '"sales pipeline" -hubspot subreddit:sales'])
    expect(await keywords()).toEqual(['"sales pipeline" -hubspot subreddit:sales'])
  })
})

// `icp add` said "Added ICP profile" and nothing more, where `keyword add` says what comes next: a pass scores each
// post once, against the profiles the team has then (docs/operations.md#what-a-pass-does).
const addProfile = () =>
  ok(ws, ['icp', 'add', '--team', 'acme', '--name', 'Ops', '--description', 'Operations leads of small teams'])

describe('icp add says what comes next', () => {
  test('a team tracking keywords: the pass that matches posts to it, and where the match shows', async () => {
    await ok(ws, ['keyword', 'add', '--team', 'acme', 'crm'])
    expect(await addProfile()).toBe(
      'Added ICP profile "Ops".\n' +
        "Next: lead-signals poll --once --team acme searches now and matches each post it finds to the team's profiles, this one included (signals stored before keep the match they were scored with); lead-signals signals export --team acme shows each signal's match in its icpMatch column.\n",
    )
  })

  test('a team with no keyword yet: the keyword to add first', async () => {
    expect(await addProfile()).toBe(
      'Added ICP profile "Ops".\n' +
        `Next: lead-signals keyword add --team acme "KEYWORD" says what to search for; each post a pass then finds is matched to the team's profiles, this one included.\n`,
    )
  })
})

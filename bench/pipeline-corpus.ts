// The pipeline benchmark's world, generated from a fixed seed so that every process that builds it (the bench, the
// fake platform process) gets the same one, run after run:
//   1,000 keywords, each with one search page of 100 posts on one platform (keywords 0–499 on Hacker News, 500–999
//   on Reddit): 100,000 search results. 5 of each page's 100 posts are also on the page of a sibling keyword (the
//   post names both), so there are 95,000 distinct posts and the dedupe of a team tracking both keywords is used.
//   100 teams (0–49 on a Hacker News plan, 50–99 on a Reddit plan); team t tracks its own 10 keywords 10t…10t+9,
//   and 40% of the keywords are also tracked by one or two other teams of the same plan (some with another
//   spelling), so one upstream search serves several teams.
//   Post texts of varied length (a few lines to 12,000 characters), most of them chatter that does not qualify,
//   some asking to buy, complaining or naming a rival.
import type { FakePlatform, FakePost } from '../test/support/fake-platforms'

export const KEYWORDS = 1000
export const POSTS_PER_PAGE = 100
export const TEAMS = 100
export const OWN_KEYWORDS = 10
// Posts of each page borrowed from the sibling keyword's page (the sibling is keyword k ^ 1, same team).
export const SHARED_POSTS = 5
const SEED = 0x5eed_2026

/** mulberry32: small, fast, good enough for test data, and the same sequence on every run. */
export function rng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
  }
}

// 50 product categories × 20 ways of naming them = 1,000 distinct keywords.
const CATEGORIES = [
  'crm',
  'help desk',
  'invoicing',
  'payroll',
  'expense tracking',
  'project management',
  'time tracking',
  'email marketing',
  'marketing automation',
  'sales engagement',
  'lead generation',
  'customer feedback',
  'product analytics',
  'session replay',
  'feature flags',
  'error monitoring',
  'log management',
  'uptime monitoring',
  'status page',
  'password manager',
  'vpn',
  'backup',
  'file sharing',
  'e-signature',
  'contract management',
  'applicant tracking',
  'hr software',
  'onboarding checklist',
  'knowledge base',
  'live chat',
  'chatbot',
  'call center',
  'video conferencing',
  'webinar',
  'scheduling',
  'form builder',
  'survey tool',
  'landing page builder',
  'website builder',
  'headless cms',
  'ecommerce platform',
  'inventory management',
  'accounting',
  'bookkeeping',
  'budgeting app',
  'subscription billing',
  'customer success',
  'revenue operations',
  'data warehouse',
  'etl',
] as const
const NAMINGS = [
  '{c}',
  '{c} software',
  '{c} tool',
  '{c} app',
  '{c} platform',
  '{c} alternative',
  '{c} for startups',
  '{c} for agencies',
  'open source {c}',
  '{c} pricing',
  '{c} api',
  '{c} integration',
  'self-hosted {c}',
  'cheap {c}',
  'best {c}',
  '{c} for small business',
  '{c} for enterprise',
  '{c} migration',
  'ai {c}',
  '{c} for nonprofits',
] as const
const RIVALS = [
  'Salesforce',
  'HubSpot',
  'Zendesk',
  'Intercom',
  'Jira',
  'Asana',
  'Mailchimp',
  'QuickBooks',
  'Gusto',
  'Datadog',
  'Notion',
  'Monday',
  'Pipedrive',
  'Freshdesk',
  'Zoho',
  'Stripe',
  'Shopify',
  'Webflow',
  'Calendly',
  'Typeform',
]

export const keywordOf = (k: number) =>
  NAMINGS[Math.floor(k / CATEGORIES.length)].replace('{c}', CATEGORIES[k % CATEGORIES.length])
export const platformOf = (k: number): FakePlatform => (k < KEYWORDS / 2 ? 'hackernews' : 'reddit')
export const planOf = (team: number) => (team < TEAMS / 2 ? 'bench_hn' : 'bench_reddit')
export const teamName = (team: number) => `bench-team-${String(team).padStart(3, '0')}`

// Neutral chatter: no buying, complaint or question cues, so long posts stay long without changing their intent.
const FILLER = [
  'I spent most of the afternoon reading through the changelog and the migration notes.',
  'The conference talk on this was recorded, the slides are on the speaker site.',
  'Our team moved offices last month, so most of this happened over video calls.',
  'For context, we are a small company with customers in Europe and North America.',
  'The documentation covers the basics well and the examples are easy to follow.',
  'We wrote an internal page about it so new hires can get up to speed.',
  'Most of the configuration lives in one file that we keep in version control.',
  'It took a couple of weeks before everyone on the team used it every day.',
  'The weekly report goes out on Mondays and the numbers look about the same as last quarter.',
  'A colleague gave a short demo at the all-hands and people had a few comments.',
  'We keep a spreadsheet of the vendors we talk to, mostly for the renewal dates.',
  'The export runs overnight and the file lands in a shared folder in the morning.',
  'Someone on the forum wrote a long comparison post a while back, worth a read.',
  'Our data team uses it mostly for dashboards and the occasional ad hoc query.',
  'This is the third year we have run the same process, with small changes each time.',
  'The mobile app is fine for checking things, the desktop version is where the work happens.',
  'There is a community plugin for it that a few people here maintain on weekends.',
  'I wrote about our setup on my blog last year and updated the post last week.',
  'The release notes mention a new dashboard layout and a faster search page.',
  'We ran the trial in parallel with the old setup for a month to compare numbers.',
]
const CHATTER = [
  'Interesting thread about {kw} on the front page today.',
  'We have used {kw} for a while now, it does what it says.',
  'Wrote up some notes on how we set up {kw} internally.',
  'Funny, {kw} came up three times in meetings this week.',
  'The {kw} market keeps getting more crowded every year.',
  'Just saw a talk about {kw} at a meetup, nice overview.',
  'Our intern built a small dashboard on top of the {kw} export.',
  'Reading an article on the history of {kw} and how it changed.',
]
const QUESTIONS = [
  'How do you handle permissions in {kw} when contractors join for a few weeks?',
  'Does anyone know if {kw} exports can be scheduled, or is it manual only?',
  'Why does every {kw} vendor price per seat instead of per usage?',
]
const BUYING = [
  'We are looking for a {kw} for our 12-person team, budget around $300/month. Any recommendations?',
  'Can anyone recommend a {kw}? We need to decide this week, our trial of the current one ends Friday.',
  'Our team needs a new {kw} before the end of the quarter. What do you all use? Budget is approved.',
  'Shopping around for a {kw}, 25 employees, happy to pay for something that just works. Suggestions welcome.',
]
const PAIN = [
  'Our {kw} is down again and support has not replied in three days. This is so frustrating.',
  'I hate how slow our {kw} has become, every page takes ten seconds to load and it keeps crashing.',
  'The {kw} we pay for broke our import again, we lost a full day of work. Fed up.',
]
const RIVAL = [
  'Switching from {rival} because it is way too expensive for us, is there a good {kw} alternative?',
  '{rival} alternative for {kw}? We are fed up with the price increase and need to move by next month.',
]

/** Up to `chars` characters of filler sentences (whole sentences, at least one). */
function filler(r: ReturnType<typeof rng>, chars: number): string {
  const out: string[] = []
  let n = 0
  do {
    const s = r.pick(FILLER)
    out.push(s)
    n += s.length + 1
  } while (n < chars)
  return out.join(' ')
}

/** A post about `kw` (and `also`, a sibling keyword, when the post is on both pages). */
function postText(r: ReturnType<typeof rng>, kw: string, also: string | undefined, html: boolean): string {
  const roll = r.next()
  // 70% chatter, 12% questions, 10% buying, 5% complaints, 3% naming a rival.
  const tpl =
    roll < 0.7
      ? r.pick(CHATTER)
      : roll < 0.82
        ? r.pick(QUESTIONS)
        : roll < 0.92
          ? r.pick(BUYING)
          : roll < 0.97
            ? r.pick(PAIN)
            : r.pick(RIVAL)
  let head = tpl.replaceAll('{kw}', kw).replace('{rival}', r.pick(RIVALS))
  if (also) head += ` We also looked at ${also} for the same reason.`
  // Length: 40% a line or two, 40% a paragraph, 15% a long post, 5% a very long one (over the 4,000 stored).
  const size = r.next()
  const extra =
    size < 0.4 ? r.int(0, 150) : size < 0.8 ? r.int(300, 900) : size < 0.95 ? r.int(1500, 4000) : r.int(5000, 12000)
  if (extra < 40) return head
  const body = filler(r, extra)
  // Hacker News sends HTML (paragraphs, escaped apostrophes); Reddit sends Markdown text.
  return html ? `${head}<p>${body.replaceAll("'", '&#x27;')}` : `${head}\n\n${body}`
}

export type Corpus = {
  /** The page each keyword's search answers, newest first. */
  pages: { keyword: string; platform: FakePlatform; posts: FakePost[] }[]
  /** Per team: plan and tracked keywords (its own spelling). */
  teams: { name: string; plan: string; keywords: string[] }[]
}

let cached: Corpus | undefined

export function corpus(): Corpus {
  if (cached) return cached
  const r = rng(SEED)
  const BASE_MS = Date.UTC(2026, 0, 15, 12, 0, 0)
  // Own posts of each keyword (the first SHARED_POSTS also name the sibling keyword).
  const own: FakePost[][] = []
  for (let k = 0; k < KEYWORDS; k++) {
    const platform = platformOf(k)
    const kw = keywordOf(k)
    const sibling = keywordOf(k ^ 1)
    const list: FakePost[] = []
    for (let i = 0; i < POSTS_PER_PAGE - SHARED_POSTS; i++) {
      const n = k * POSTS_PER_PAGE + i
      // Within the last week, to the second; now and then two posts of a page share a second (the cursor's tie case).
      const at = new Date(BASE_MS - r.int(0, 7 * 24 * 3600) * 1000).toISOString()
      list.push({
        id: platform === 'hackernews' ? String(41_000_000 + n) : (1_500_000_000 + n).toString(36),
        author: `user${r.int(1, 40_000)}`,
        text: postText(r, kw, i < SHARED_POSTS ? sibling : undefined, platform === 'hackernews'),
        at,
      })
    }
    own.push(list)
  }
  const pages = own.map((list, k) => ({
    keyword: keywordOf(k),
    platform: platformOf(k),
    posts: [...list, ...own[k ^ 1].slice(0, SHARED_POSTS)].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)),
  }))

  const tracked: Map<number, string>[] = Array.from({ length: TEAMS }, () => new Map())
  for (let k = 0; k < KEYWORDS; k++) {
    const owner = Math.floor(k / OWN_KEYWORDS)
    tracked[owner].set(k, keywordOf(k))
    const roll = r.next()
    const extra = roll < 0.6 ? 0 : roll < 0.85 ? 1 : 2
    const half = owner < TEAMS / 2 ? 0 : TEAMS / 2
    for (let e = 0; e < extra; e++) {
      let other = half + r.int(0, TEAMS / 2 - 1)
      while (other === owner || tracked[other].has(k)) other = half + ((other - half + 1) % (TEAMS / 2))
      // A third of the other trackers spell it their way; the search and the cursor are shared all the same.
      const kw = keywordOf(k)
      tracked[other].set(k, r.next() < 0.33 ? kw.replace(/\b\w/g, (c) => c.toUpperCase()) : kw)
    }
  }
  const teams = tracked.map((m, t) => ({ name: teamName(t), plan: planOf(t), keywords: [...m.values()] }))
  cached = { pages, teams }
  return cached
}

/** ICP profiles of a team: one or two, about the categories of its own keywords. */
export function icpsOf(team: number): { name: string; description: string; competitors: string[] }[] {
  const r = rng(SEED ^ (team + 1))
  const cats = Array.from({ length: OWN_KEYWORDS }, (_, i) => CATEGORIES[(team * OWN_KEYWORDS + i) % CATEGORIES.length])
  const first = {
    name: 'Small B2B teams',
    description: `Founders and operations leads of small B2B companies buying ${cats.slice(0, 3).join(', ')}`,
    competitors: [] as string[],
  }
  if (team % 2) return [first]
  return [
    first,
    {
      name: 'Agencies',
      description: `Agencies with 10 to 50 people who need ${cats.slice(3, 6).join(', ')} for client work`,
      competitors: [r.pick(RIVALS)],
    },
  ]
}

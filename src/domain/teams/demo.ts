import type { Needs } from '../needs'
import { newId } from '../../lib/ids'
import { truncate } from '../../lib/text'
import type { NewSignal } from '../../storage/repos/signals'
import { issueApiKey } from '../keys/keys'
import { createTeam } from './teams'
import { keywordKey } from '../../query/same-query'

const DEMO_TEAM = 'demo'
const DEMO_KEY_LABEL = 'demo (serve --demo)'
const KEYWORDS = ['crm', 'customer feedback', 'lead generation']
const ICP = {
  name: 'B2B SaaS founders',
  description:
    'Founders and sales leads of small B2B SaaS companies who need a CRM, a sales pipeline and lead generation',
}
// Sample posts for a first look at the API; they are scored by the real scorer below, not given canned scores.
const SAMPLE_POSTS: { platform: string; author: string; keyword: string; text: string }[] = [
  {
    platform: 'reddit',
    author: 'saas_maker',
    keyword: 'crm',
    text: 'We are looking for a CRM for our 5-person B2B SaaS sales team. Any recommendations? Budget is around $200/month.',
  },
  {
    platform: 'hackernews',
    author: 'growthpm',
    keyword: 'crm',
    text: 'Switching from Salesforce, it is way too expensive for a startup our size. What are good alternatives?',
  },
  {
    platform: 'twitter',
    author: 'indiefounder',
    keyword: 'lead generation',
    text: 'Cold outreach is broken. We waste hours every week on lead generation that goes nowhere.',
  },
  {
    platform: 'linkedin',
    author: 'Dana Ortiz',
    keyword: 'customer feedback',
    text: 'How do you all collect customer feedback from enterprise users without annoying them?',
  },
  {
    platform: 'reddit',
    author: 'opsnerd',
    keyword: 'crm',
    text: 'Our CRM is down again and the pipeline report has been broken since Monday. So frustrating.',
  },
  {
    platform: 'youtube',
    author: 'SalesTalks',
    keyword: 'lead generation',
    text: 'New video: five lead generation lessons from ten years of B2B sales.',
  },
  {
    platform: 'bluesky',
    author: 'maria.dev',
    keyword: 'customer feedback',
    text: 'Need a tool to tag customer feedback from support tickets. Willing to pay for something that works.',
  },
  {
    platform: 'github',
    author: 'octodev',
    keyword: 'crm',
    text: 'Does anyone know whether the CRM export supports custom fields?',
  },
]

/**
 * `serve --demo` (docs/operations.md#running-it): with no team in the database, create team `demo` (growth) with
 * keywords, one ICP profile and sample signals: the sample posts that the configured scorer qualifies. Every start in
 * demo mode prints a new demo key, since only hashes are stored; earlier demo keys stay valid, so a restart does not
 * break a script or a client that holds one. Returns undefined when other teams exist.
 */
export async function ensureDemoTeam(
  deps: Needs<
    'clock' | 'config' | 'randomBytes' | 'scoring',
    'apiKeys' | 'icpProfiles' | 'keywords' | 'signals' | 'teams'
  >,
): Promise<{ apiKey: string; created: boolean } | undefined> {
  const existing = await deps.repos.teams.find(DEMO_TEAM)
  if (existing) {
    const key = await issueApiKey(deps, { teamId: existing.id, label: DEMO_KEY_LABEL })
    return { apiKey: key.apiKey, created: false }
  }
  if ((await deps.repos.teams.count()) > 0) return undefined

  // Its first key is the demo key printed: a second one, never shown, would sit unexplained in Settings.
  const { team, apiKey } = await createTeam(deps, { name: DEMO_TEAM, plan: 'growth', keyLabel: DEMO_KEY_LABEL })
  const now = deps.clock.now()
  await deps.repos.keywords.add(
    KEYWORDS.map((k) => ({
      id: newId('kw'),
      teamId: team.id,
      keyword: k,
      keywordLc: keywordKey(k),
      createdAt: now.toISOString(),
    })),
  )
  await deps.repos.icpProfiles.insert({ id: newId('icp'), teamId: team.id, ...ICP, createdAt: now.toISOString() })
  // The authors are made up, as the posts are: each keeps a profile address on example.com beside its post's, or the
  // console would build one on the platform from the name (signal-facts.ts), a stranger's real account.
  const rows: (NewSignal & { profileUrl: string })[] = []
  for (const [i, post] of SAMPLE_POSTS.entries()) {
    const scored = await deps.scoring.score(team.id, { content: post.text, keyword: post.keyword, icps: [ICP] })
    // A signal is a qualified lead (docs/api.md#signals): posts the scorer does not qualify are not kept.
    if (scored.score < deps.config.scorer.qualify_threshold) continue
    const publishedAt = new Date(now.getTime() - (i + 1) * 3_600_000).toISOString()
    rows.push({
      id: newId('sig'),
      teamId: team.id,
      platform: post.platform,
      // Keyed as polling keys a post (docs/operations.md#exactly-once), so the demo's export imports back onto it.
      postId: `${post.platform}:demo-${i + 1}`,
      author: post.author,
      intent: scored.intent,
      score: scored.score,
      reason: scored.reason,
      icpMatch: scored.icpMatch,
      preview: truncate(post.text, 300),
      contentFull: truncate(post.text, 4000),
      url: `https://example.com/demo/${post.platform}/${i + 1}`,
      profileUrl: `https://example.com/demo/${post.platform}/people/${encodeURIComponent(post.author)}`,
      keyword: post.keyword,
      publishedAt,
      detectedAt: now.toISOString(),
    })
  }
  await deps.repos.signals.insertMany(team.id, rows)
  return { apiKey, created: true }
}

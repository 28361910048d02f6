import { describe, expect, test } from 'bun:test'
import { scoreContent } from '../../../src/scorers/rules/index'
import type { IcpProfile, ScoreResult } from '../../../src/scorers/types'
import { type Label, WRITTEN_POSTS } from './written-posts'

// The rules added to make the scorer generalise beyond the posts it was developed on
// (docs/model.md#why-the-rules-are-general), each shown with sentences written for this test, and the written posts
// of written-posts.ts as a whole.
const QUALIFY = 6
const BUYERS: readonly Label[] = ['ACTIVE', 'COMPETITOR', 'PAIN']
const profile = (description: string, competitors: string[]): IcpProfile[] => [
  { name: 'Buyers', description, competitors },
]
const PROJECTS = profile('Project management for agencies and software teams', ['Jira', 'Asana'])
const HELPDESK = profile('Helpdesk for customer support teams', ['Zendesk', 'Freshdesk'])
const ESIGN = profile('E-signature for real estate agents', ['DocuSign'])
const MONITORING = profile('Monitoring and alerting for startups', ['Datadog'])
// No competitor listed: a rival must be read from the post alone.
const SALES = profile('CRM and sales pipeline for B2B SaaS teams', [])
const judge = (content: string, keyword: string, icps: IcpProfile[]): ScoreResult =>
  scoreContent({ content, keyword, icps })
const label = (r: ScoreResult): Label => (r.score < 3 ? 'NONE' : r.intent)
/** The post judged, with the intent it must get and words its reason must say. */
function judgedAs(post: string, keyword: string, icps: IcpProfile[], intent: ScoreResult['intent'], says: string) {
  const r = judge(post, keyword, icps)
  expect(r.intent).toBe(intent)
  expect(r.reason).toContain(says)
  return r
}

describe('rules scorer: word sense beyond one word', () => {
  test("leaving a product of the team's market is on topic without the keyword; leaving another product is not", () => {
    const post = (product: string) =>
      `Switching from ${product}, it is way too expensive for a startup our size. What are good alternatives?`
    const leaves = judgedAs(post('Salesforce'), 'crm', SALES, 'COMPETITOR', 'names a competitor "Salesforce"')
    expect(leaves.score).toBeGreaterThanOrEqual(QUALIFY)
    expect(judge(post('Zoom'), 'crm', SALES).reason).toContain('off topic')
  })

  test('a keyword of several words found as written is evidence of its sense', () => {
    const r = judge(
      'We need a project management tool for our studio, booking demos this week',
      'project management',
      PROJECTS,
    )
    expect(r.intent).toBe('ACTIVE')
    // The same words without the phrase written out: too little to tell.
    const apart = judge(
      'We need a tool for the management of our studio, any project is welcome',
      'project management',
      PROJECTS,
    )
    expect(apart.reason).not.toContain('off topic')
    expect(
      judge('Retirement project: managing my garden, tomatoes first', 'project management', PROJECTS).score,
    ).toBeLessThan(3)
  })

  test("a rival tracked as the keyword counts when written as a name, not at a sentence's start alone", () => {
    const named = judge('Why is Jira so slow lately? The board takes ten seconds to load.', 'Jira', PROJECTS)
    expect(named.reason).not.toContain('off topic')
    expect(label(judge('Asana flow this morning, then a long walk by the sea.', 'Asana', PROJECTS))).toBe('NONE')
  })

  test('the keyword in the other number is the keyword', () => {
    const r = judge(
      'Is it normal for a webhook to fail now and then? Our alerting shows a few errors a day.',
      'webhooks',
      MONITORING,
    )
    expect(r.reason).toContain('keyword "webhooks" present')
  })
})

describe('rules scorer: questions', () => {
  test('in a post that asks, the weak signs of a complaint (a stake, "still", a negation) do not make it PAIN', () => {
    const r = judge(
      "Does anyone know if our alert rules still fire when a host doesn't report? My dashboard shows nothing.",
      'alert rules',
      MONITORING,
    )
    expect(r.intent).toBe('QUESTION')
    // A clear complaint word still makes a question PAIN.
    const angry = judge(
      'Does anyone else find the alert rules editor infuriating? It never saves my changes.',
      'alert rules',
      MONITORING,
    )
    expect(angry.intent).toBe('PAIN')
  })

  test('a question asked in passing inside a story does not stop a complaint', () => {
    const story =
      'Six months ago we wired every service to our alerting setup. Today I spent my whole evening muting pages. ' +
      'Somewhere in the middle of it I wondered: does anyone read these? '.repeat(1) +
      'Nobody owns half of the monitors, the rotation is burning people out, and every incident review ends the same way. ' +
      'We keep adding alerts and never delete one. It is not sustainable and I have run out of ideas for fixing it.'
    expect(judge(story, 'alerting', MONITORING).intent).toBe('PAIN')
  })

  test('"why would" asks for an explanation; "why is" can be exasperated', () => {
    expect(
      judge('Why would the p99 latency differ between the two dashboards? Is it sampling?', 'latency', MONITORING)
        .intent,
    ).toBe('QUESTION')
  })

  test("a question about a listed product with the writer's own team size, budget or deadline is a buyer's", () => {
    const r = judge(
      'Has anyone used Freshdesk with a team of 6 agents? Is the cheaper plan enough?',
      'helpdesk',
      HELPDESK,
    )
    expect(r.intent).toBe('ACTIVE')
    expect(r.score).toBeGreaterThanOrEqual(QUALIFY)
    // Without a situation of their own it stays a question.
    expect(
      judge('Has anyone used the Freshdesk API for ticket tags? How do the fields map?', 'helpdesk', HELPDESK).intent,
    ).toBe('QUESTION')
  })

  test('asking which is better, what it costs, or needing to decide is shopping', () => {
    for (const post of [
      'Which helpdesk is better for a small support team, Help Scout or Front? We have to decide this month.',
      'How much does a helpdesk like this usually cost for 5 support agents? Need to decide by Friday.',
    ])
      expect(judge(post, 'helpdesk', HELPDESK).intent).toBe('ACTIVE')
  })
})

describe('rules scorer: leaving and complaining about a rival', () => {
  test('weighing whether to stay with a listed rival is COMPETITOR', () => {
    const r = judge(
      'Zendesk renewal is next month. Is it worth staying, or is everyone moving to something cheaper?',
      'helpdesk',
      HELPDESK,
    )
    expect(r.intent).toBe('COMPETITOR')
  })

  test('switching frames in the past tense name the product left', () => {
    const r = judge(
      'Cancelled DocuSign this morning, paying per envelope for three leases a month made no sense',
      'e-signature',
      ESIGN,
    )
    expect(r.intent).toBe('COMPETITOR')
    expect(r.reason).toContain('DocuSign')
  })

  test('a price rise said as a multiple, or what it should not cost, is a complaint about the rival', () => {
    for (const post of [
      'Our Datadog bill doubled this quarter for the same number of hosts. Honestly feels like ransom.',
      'Datadog logs for a team of four should not cost this much. Time to get a proper alternative.',
    ])
      expect(judge(post, 'Datadog', MONITORING).intent).toBe('COMPETITOR')
  })

  test('a vendor that quoted more than the budget is a rival the writer complains about', () => {
    for (const [post, rival] of [
      ['Looking for a CRM for our pipeline. HubSpot quoted us way over budget.', 'HubSpot'],
      ['Pipedrive wants me well beyond my budget for five sales seats, so the CRM search goes on.', 'Pipedrive'],
    ])
      judgedAs(post as string, 'crm', SALES, 'COMPETITOR', `names a competitor "${rival}"`)
  })

  test('"looking at alternatives" names no product "at"; a bill that went up is the listed rival\'s', () => {
    const post =
      'Our Zendesk bill just went up 40% at renewal. Looking at alternatives that do shared inbox + SLAs for a team of 6.'
    expect(judgedAs(post, 'helpdesk', HELPDESK, 'COMPETITOR', '"Zendesk"').reason).not.toContain('competitor "at"')
  })

  test('moving a team "over from" a listed rival leaves it', () => {
    const post = 'We are switching the whole support team over from Zendesk to something cheaper.'
    judgedAs(post, 'helpdesk', HELPDESK, 'COMPETITOR', 'names a competitor "Zendesk"')
  })

  test('a kind of business written like a name ("SaaS", "RevOps") is not a product complained about', () => {
    for (const post of [
      'We are a 12-person B2B SaaS team and our sales pipeline lives in three spreadsheets. Looking for a CRM.',
      'Our RevOps lead keeps the CRM pipeline in spreadsheets and it is a mess every Monday.',
    ]) {
      const r = judge(post, 'crm', SALES)
      expect(r.reason).not.toContain('another product')
      expect(r.intent).not.toBe('COMPETITOR')
    }
  })
})

describe('rules scorer: a stated need', () => {
  test('a business of the writer that needs a tool states a need; one that needs a rest does not', () => {
    const EMAIL = profile('Email marketing and newsletters for ecommerce brands', ['Mailchimp'])
    const post =
      'Our Shopify store needs an email marketing tool with abandoned cart flows under $100/month. Suggestions?'
    judgedAs(post, 'email marketing', EMAIL, 'ACTIVE', 'states a need')
    const rest = judge('Our email marketing team needs a long weekend after this launch.', 'email marketing', EMAIL)
    expect(rest.reason).not.toContain('states a need')
  })
})

describe('rules scorer: the pain of work', () => {
  test('work piling up, what it costs, and figures that disagree are PAIN', () => {
    for (const post of [
      'Support inbox at 1,200 unread tickets and the weekend queue keeps piling up. We answer everything from one mailbox.',
      'Missed replies are costing us customers and the two of us spend our whole evening catching up on tickets.',
      "The tickets dashboard doesn't match the billing numbers and every review turns into an argument about whose is right.",
      'We answer 300 tickets a day from a Gmail inbox and support requests keep slipping through the cracks.',
      'Our customers wait 2 days for a first reply to their tickets and churn is climbing. Need to fix support ASAP.',
    ]) {
      const r = judge(post, 'tickets', HELPDESK)
      expect(r.intent).toBe('PAIN')
      expect(r.score).toBeGreaterThanOrEqual(QUALIFY)
    }
  })
})

describe('rules scorer: posts written for the tests, never used to write the rules', () => {
  const answers = WRITTEN_POSTS.map((p) => ({ post: p, got: label(judge(p.content, p.keyword, p.icps)) }))

  // The weakest label is QUESTION: a practitioner's question that names its problem ("DKIM failing", "an error")
  // reads like the pain people also write as a question, and the rules cannot tell them apart by their words alone.
  test('at least 85% of the written posts get their label, and every label at least 6 in 10', () => {
    const right = answers.filter((a) => a.got === a.post.label).length
    expect(right / answers.length).toBeGreaterThanOrEqual(0.85)
    for (const l of ['ACTIVE', 'COMPETITOR', 'PAIN', 'QUESTION', 'MENTION', 'NONE'] as const) {
      const of = answers.filter((a) => a.post.label === l)
      expect(of.filter((a) => a.got === l).length / of.length).toBeGreaterThanOrEqual(0.6)
    }
  })

  test('no off-topic written post qualifies, and at least 85% of the buyers do', () => {
    const scored = WRITTEN_POSTS.map((p) => ({ p, r: judge(p.content, p.keyword, p.icps) }))
    expect(scored.filter(({ p, r }) => p.label === 'NONE' && r.score >= QUALIFY)).toEqual([])
    const buyers = scored.filter(({ p }) => BUYERS.includes(p.label))
    expect(buyers.filter(({ r }) => r.score >= QUALIFY).length / buyers.length).toBeGreaterThanOrEqual(0.85)
  })
})

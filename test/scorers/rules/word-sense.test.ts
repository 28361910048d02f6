import { describe, expect, test } from 'bun:test'
import { scoreContent } from '../../../src/scorers/rules/index'
import type { IcpProfile } from '../../../src/scorers/types'

// docs/model.md#word-sense: a keyword used in another sense does not qualify; the same keyword about the team's
// market does. Every post here was written for this test.
const QUALIFY = 6
const OFF_TOPIC_BELOW = 3

const team = (description: string, competitors: string[] = []): IcpProfile[] => [
  { name: 'Buyers', description, competitors },
]
const LEADS = team('Lead generation and outbound prospecting for B2B sales teams')
const HELPDESK = team('Helpdesk for customer support teams at online shops', ['Zendesk'])
const CRM = team('CRM for small sales teams that outgrew spreadsheets', ['Pipedrive'])
const RETENTION = team('Subscription analytics and retention for SaaS companies')

describe('rules scorer: word sense', () => {
  const cases: Array<[string, IcpProfile[], string, string]> = [
    [
      'lead',
      LEADS,
      'Testing the walls of our 1920s house for lead paint before the baby arrives. Any recommendations for a test kit?',
      'Our SDRs waste hours qualifying every inbound lead by hand. Any recommendations for a tool that scores them?',
    ],
    [
      'tickets',
      HELPDESK,
      'Finally got two tickets for the concert in May after four hours in the online queue. So worth it!',
      'Our support agents are drowning in tickets since the sale started and the inbox doubles every Monday',
    ],
    [
      'pipeline',
      CRM,
      'Protesters gathered again at the oil pipeline construction site near the river on Sunday',
      'Our sales pipeline lives in three spreadsheets and the reps never update their deals',
    ],
    [
      'churn',
      RETENTION,
      'Grandma taught me to churn butter by hand on the farm every summer, still the best thing I ever tasted',
      'Our churn doubled after the price change and nobody can tell which accounts are about to cancel',
    ],
  ]

  for (const [keyword, icps, otherSense, ourSense] of cases) {
    test(`"${keyword}" in another sense is off topic; about the team's market it qualifies`, () => {
      const off = scoreContent({ content: otherSense, keyword, icps })
      expect(off.score).toBeLessThan(OFF_TOPIC_BELOW)
      expect(off.intent).toBe('MENTION')
      expect(off.reason).toContain('off topic')
      expect(off.reason).toContain(`keyword "${keyword}"`)
      const on = scoreContent({ content: ourSense, keyword, icps })
      expect(on.score).toBeGreaterThanOrEqual(QUALIFY)
      expect(['ACTIVE', 'COMPETITOR', 'PAIN']).toContain(on.intent)
    })
  }

  test('a rival of the profiles named in the post is enough to be on topic', () => {
    const r = scoreContent({
      content: 'Leaving Pipedrive next month, done with the price rises',
      keyword: 'crm',
      icps: CRM,
    })
    expect(r.intent).toBe('COMPETITOR')
  })

  test('a word with an everyday sense alone does not make a post on topic; a word of the market does', () => {
    // "queue" belongs to helpdesk work, but people queue for concerts too.
    const one = scoreContent({
      content: 'Stood in the queue for tickets all morning',
      keyword: 'tickets',
      icps: HELPDESK,
    })
    expect(one.score).toBeLessThan(OFF_TOPIC_BELOW)
    const two = scoreContent({
      content: 'The tickets queue and the escalation list are both growing',
      keyword: 'tickets',
      icps: HELPDESK,
    })
    expect(two.score).toBeGreaterThanOrEqual(OFF_TOPIC_BELOW)
  })

  test('without profiles there is nothing to compare with: no post is called off topic', () => {
    const r = scoreContent({ content: 'Finally got two tickets for the concert in May', keyword: 'tickets', icps: [] })
    expect(r.score).toBeGreaterThanOrEqual(OFF_TOPIC_BELOW)
    expect(r.reason).not.toContain('off topic')
  })

  test('a keyword missing from the post asks for more evidence than one word', () => {
    const icps = team('Customer data platform and event pipelines for product teams')
    const r = scoreContent({
      content: 'SegmentTree crashes on the last range, data looks fine',
      keyword: 'segment',
      icps,
    })
    expect(r.reason).toContain('keyword "segment"')
    expect(r.score).toBeLessThan(OFF_TOPIC_BELOW)
  })
})

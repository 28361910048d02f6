// A reason the embedded scorer writes fits the 500 characters a reason may have (docs/scoring.md#the-embedded-model),
// and what a reader needs of it stays whole: the profile matched, named in full with its words, and the evidence,
// whose quotes are what is shortened (at a word's end, with "…" inside the quote) when the whole would not fit.
import { describe, expect, test } from 'bun:test'
import { scoreContent, scoreEmbedded } from '../../src/scorers/rules/index'

const MAX = 500

// A profile with a long name (up to 100 characters) and a description the post shares many words with.
const sales = {
  name: 'Small sales teams of ten to fifty reps selling B2B software to mid-market accounts in Europe',
  description:
    'Sales leaders and revenue operations managers of small B2B software companies who run a sales pipeline in a ' +
    'CRM, forecast deals, track quotas, manage outbound prospecting sequences and report revenue to their founders',
  competitors: ['Salesforce', 'HubSpot'],
}

// A buying post of about 1,200 characters: several buying cues, a budget, urgency, a team size, the keyword.
const post =
  'We are actively looking for a new CRM for our sales team of 14 reps, and we need it right away because our ' +
  'current setup is a mess of spreadsheets and a tool nobody opens anymore. Can anyone recommend a CRM that handles ' +
  'a B2B sales pipeline with deal forecasting, quota tracking and outbound prospecting sequences in one place? ' +
  'We have a budget of $4,000/month approved by the founders for the whole revenue team, including onboarding ' +
  'and migration help. Our reps sell software to mid-market accounts across Europe, so we need proper ' +
  'multi-currency deals, a pipeline per region and reports our revenue operations manager can build without ' +
  'asking an engineer every single time. We looked at the usual suspects on review sites but the pricing pages are ' +
  'confusing and every demo call turns into a hard sell. If you run a small sales team and switched to something ' +
  'you actually like, please share what you chose, what the migration took and what you would do differently. ' +
  'Ready to buy this month, deadline is end of the quarter when our contracts renew and we have to sign something. ' +
  'Happy to jump on a call with anyone who has done this recently, and thank you all so much in advance for any tips.'

/** The clause naming the matched profile, as far as its closing parenthesis, or undefined when the reason lacks it. */
const icpClause = (reason: string, name: string) => {
  const at = reason.indexOf(`matches ICP "${name}" (`)
  if (at < 0) return undefined
  const close = reason.indexOf(')', at)
  return close < 0 ? undefined : reason.slice(at, close + 1)
}

describe('a reason within its 500 characters', () => {
  test("a long buying post keeps the whole profile clause in the model's reason", () => {
    expect(post.length).toBeGreaterThanOrEqual(1190)
    const r = scoreEmbedded({ content: post, keyword: 'crm', icps: [sales] })
    expect(r.icpMatch).toBe(sales.name)
    expect(r.reason.length).toBeLessThanOrEqual(MAX)
    const clause = icpClause(r.reason, sales.name)
    expect(clause).toBeDefined()
    // The clause lists the profile's words the post shares, none of them cut.
    expect(clause).not.toContain('…')
    // The evidence of the intent is there too: the words that weighed most and the rules' reading, with its quotes.
    expect(r.reason).toContain('weighed most: ')
    expect(r.reason).toMatch(/the rules read: [^;]*\("/)
  })

  test("the rules' own reason of a post longer than the model reads keeps the profile clause", () => {
    // Over 400 words: the rules answer (model/embedded-answer.ts), naming every cue, modifier and the profile.
    const long = `${post} ${'We also tried a few spreadsheets on the side. '.repeat(30)}${post}`
    const r = scoreEmbedded({ content: long, keyword: 'crm', icps: [sales] })
    expect(r.reason).toStartWith(`${r.intent}: `)
    expect(r.reason.length).toBeLessThanOrEqual(MAX)
    expect(icpClause(r.reason, sales.name)).toBeDefined()
  })

  test('quotes are what is shortened: at the end of a word, with "…" inside the quote', () => {
    // A keyword of 200 characters that the post writes, and long phrases around every cue.
    const keyword = `${'pipeline forecasting revenue operations '.repeat(5)}`.trim().slice(0, 200).trim()
    const content = `${post} Honestly the one thing we need is ${keyword} and we need it asap.`
    const r = scoreContent({ content, keyword, icps: [sales] })
    expect(r.reason.length).toBeLessThanOrEqual(MAX)
    expect(icpClause(r.reason, sales.name)).toBeDefined()
    expect(r.reason).toMatch(/\.$|…$/)
    // Every quote is closed; a shortened one ends in a whole word and "…".
    const quotes = [...r.reason.matchAll(/"([^"]*)"/g)].map((m) => m[1] as string)
    expect(r.reason.split('"').length % 2).toBe(1)
    for (const q of quotes.filter((q) => q.endsWith('…'))) expect(q).toMatch(/[\p{L}\p{N}$]…$/u)
  })

  test('a post that says little keeps its reason as it was written', () => {
    const short = 'Any recommendations for a CRM for our B2B sales team? We have a budget of $300/month for 8 reps.'
    const r = scoreContent({ content: short, keyword: 'crm', icps: [sales] })
    expect(r.reason).not.toContain('…')
    expect(r.reason).toContain('names an amount ("$300/month")')
  })
})

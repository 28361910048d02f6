// A team's profile describes its customers, as the console and the API ask for an ideal-customer profile ("Founders
// of small B2B SaaS companies who need a CRM"), not what the team sells, and lists no competitors: the learned model
// (what the embedded scorer answers with, and what triage reads) still reads a plain buyer as a buyer, and a post of
// another market or of everyday life as off topic (docs/model.md#the-embedded-model). The posts and profiles were
// written for this test; none is in the training corpus.
import { readPost } from '../../../src/scorers/rules/reading'
import { describe, expect, test } from 'bun:test'
import { embeddedModel, scoreWithModel } from '../../../src/scorers/model/index'
import type { ScoreInput } from '../../../src/scorers/types'

const SMALL_SAAS = {
  name: 'SaaS founders',
  description: 'Founders of small B2B SaaS companies who need a CRM and a sales pipeline',
}
const EARLY_SAAS = {
  name: 'SaaS founders',
  description: 'Founders of early-stage B2B SaaS startups who manage a sales pipeline in a CRM',
}
const RESTAURANTS = {
  name: 'Restaurant owners',
  description: 'Owners of restaurants and cafés with 10-60 staff on hourly pay',
}
const SHOPS = {
  name: 'E-commerce support leads',
  description: 'Support managers at online stores with a team of 4-20 agents',
}
const TRADES = { name: 'Plumbing companies', description: 'Owners of plumbing and HVAC companies running 10-40 vans' }
const DESIGNERS = {
  name: 'Freelance designers',
  description: 'Freelance designers who bill clients in several countries',
}
const SKINCARE = { name: 'DTC ops', description: 'Operations leads at DTC skincare brands shipping 300+ orders a day' }

type Case = { keyword?: string; icp: ScoreInput['icps'][number]; content: string }
const ask = ({ keyword, icp, content }: Case): ScoreInput => ({ content, keyword, icps: [icp] })

const BUYERS: Case[] = [
  // No keyword: the score route and the MCP tool may ask with the profile alone.
  { icp: SMALL_SAAS, content: 'Any recommendations for a CRM? We need one this week.' },
  { keyword: 'crm', icp: EARLY_SAAS, content: 'Switching from HubSpot, any recommendations for a cheaper CRM?' },
  {
    keyword: 'payroll',
    icp: RESTAURANTS,
    content:
      'Our bookkeeper quits in March and I have to sort out payroll myself. 34 people, tips, two locations. What service do you all use?',
  },
  {
    keyword: 'help desk',
    icp: SHOPS,
    content:
      'Shared Gmail inbox is not cutting it anymore. We need a proper help desk with SLAs and macros, budget is about $300 a month. Recommendations?',
  },
  {
    keyword: 'GPS tracking',
    icp: TRADES,
    content:
      'Need GPS tracking for 18 vans before our insurance renewal, ideally with an app the dispatcher can use. Who do you recommend?',
  },
  {
    keyword: 'invoicing',
    icp: DESIGNERS,
    content:
      'Sick of building invoices in Word. Looking for an invoicing app that does EUR and USD and sends reminders, ready to pay for it.',
  },
  {
    keyword: '3PL',
    icp: SKINCARE,
    content: 'We are at 400 orders a day and still packing in the garage. Anyone have a 3PL they actually like?',
  },
]

const OFF_TOPIC: Case[] = [
  {
    keyword: 'crm',
    icp: EARLY_SAAS,
    content: 'Our payroll provider raised prices again. Looking for a new one for 40 employees across three states.',
  },
  {
    keyword: 'crm',
    icp: SMALL_SAAS,
    content: 'Does anyone know a good vet near the river park? Our dog has been limping since Sunday.',
  },
  {
    keyword: 'payroll',
    icp: RESTAURANTS,
    content: 'Finally finished repainting the kitchen cabinets, took three weekends and way too much sandpaper.',
  },
  {
    keyword: 'GPS tracking',
    icp: TRADES,
    content:
      'Which vector database handles 50M embeddings without falling over? Pinecone is getting pricey for our RAG app.',
  },
  {
    keyword: 'help desk',
    icp: SHOPS,
    content: 'Anyone have a good recipe for banana bread that does not come out dry? Mine always does.',
  },
]

describe('the embedded model with a profile phrased as the team’s customers', () => {
  test.each(BUYERS.map((c) => [c.content.slice(0, 48), c] as const))('a plain buyer is a buyer: %s', (_, c) => {
    const input = ask(c)
    const a = scoreWithModel(input)
    expect({
      buyer: a.buyer >= embeddedModel(readPost(input.content, input.keyword, input.context)).buyerAt,
      offTopic: a.offTopic < 0.5,
    }).toEqual({
      buyer: true,
      offTopic: true,
    })
  })

  test.each(OFF_TOPIC.map((c) => [c.content.slice(0, 48), c] as const))(
    'another market or everyday life stays off topic: %s',
    (_, c) => {
      expect(scoreWithModel(ask(c)).offTopic).toBeGreaterThanOrEqual(0.5)
    },
  )
})

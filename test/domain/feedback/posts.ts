// Generated posts about CRMs, of every kind a listening team sees: buyers, switchers, complaints, how-to questions
// and passing mentions, written from parts picked by a seeded generator so every run gets the same posts.

import { seeded } from '../../support/seeded'

const OPENERS = ['', 'Quick question. ', 'Long time lurker here. ', 'Ok so ', 'Honest question: ', 'Update: ']
const BODIES = [
  'we are looking for a CRM for our {n}-person sales team, any recommendations?',
  'we need a CRM by next month, budget is approved, what should we buy?',
  'which CRM do you use for a small sales team? Curious what works.',
  'is there a good CRM for freelancers? I keep losing track of clients.',
  'thinking about switching from HubSpot to Pipedrive as our CRM, anyone done it?',
  'our CRM keeps losing contacts and the sync with email is broken again, so frustrating.',
  'the CRM we pay for is slow and support never answers. Regretting it.',
  'how do I export contacts from my CRM into a spreadsheet?',
  'what is the difference between a CRM and a spreadsheet for tracking leads?',
  'read an article about the CRM market growing again this year.',
  'our team had a meeting about the CRM rollout, nothing decided.',
  'we built a tiny CRM over the weekend, check it out.',
  'can anyone recommend a CRM that integrates with Gmail? We have {n} reps.',
  'tired of chasing deals in spreadsheets, we want a proper CRM this quarter.',
  'had lunch with friends today, someone mentioned a crm in passing.',
  'my manager asked me to compare three CRM vendors for our {n} sales people.',
]
const CLOSERS = ['', ' Thanks!', ' Any advice welcome.', ' (posting for a friend)', ' Cheers.']

/** `count` distinct posts. */
export function crmPosts(count: number, seed = 18): string[] {
  const next = seeded(seed)
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]
  const posts = new Set<string>()
  while (posts.size < count) {
    const body = pick(BODIES).replace('{n}', String(2 + Math.floor(next() * 40)))
    const opener = pick(OPENERS)
    const text = `${opener}${opener ? body : body[0].toUpperCase() + body.slice(1)}${pick(CLOSERS)}`
    posts.add(text)
  }
  return [...posts]
}

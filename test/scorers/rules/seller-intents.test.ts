import { describe, expect, test } from 'bun:test'
import { scoreContent } from '../../../src/scorers/rules/index'
import type { IcpProfile, ScoreResult } from '../../../src/scorers/types'

// The intents from a seller's point of view (docs/model.md#deciding-the-intent) and posts in other languages
// (docs/model.md#other-languages). Every post here was written for this test.
const QUALIFY = 6
const PAYROLL: IcpProfile[] = [
  {
    name: 'Small employers',
    description: 'Payroll and HR software for small businesses',
    competitors: ['Gusto', 'ADP'],
  },
]
const SUPPORT: IcpProfile[] = [
  { name: 'Support teams', description: 'Helpdesk for customer support teams', competitors: ['Zendesk', 'Freshdesk'] },
]
const judge = (content: string, keyword: string, icps: IcpProfile[]): ScoreResult =>
  scoreContent({ content, keyword, icps })

describe('rules scorer: the intents a seller cares about', () => {
  test('leaving a listed rival is COMPETITOR, also when the rival is the tracked keyword', () => {
    const r = judge(
      'After the third price rise we are moving our payroll off Gusto before the new tax year',
      'Gusto',
      PAYROLL,
    )
    expect(r.intent).toBe('COMPETITOR')
    expect(r.score).toBeGreaterThanOrEqual(QUALIFY)
    const renewal = judge(
      'Zendesk wants 40% more for the same agents. Not sure we are renewing, has anyone moved a support team to something else?',
      'Zendesk',
      SUPPORT,
    )
    expect(renewal.intent).toBe('COMPETITOR')
  })

  test('rivals named as options in a shortlist leave the post ACTIVE', () => {
    const r = judge(
      'We are choosing between Zendesk, Freshdesk and a couple of smaller helpdesk tools for our 12 support agents. Budget is approved.',
      'helpdesk',
      SUPPORT,
    )
    expect(r.intent).toBe('ACTIVE')
    expect(r.score).toBeGreaterThanOrEqual(8)
  })

  test('the everyday pain of work done by hand is PAIN and qualifies', () => {
    const r = judge(
      'Every other Friday I copy hours from paper timesheets into the payroll spreadsheet by hand and chase the drivers for missing ones',
      'payroll',
      PAYROLL,
    )
    expect(r.intent).toBe('PAIN')
    expect(r.score).toBeGreaterThanOrEqual(QUALIFY)
  })

  test('a question about how others do things stays a QUESTION even when it names a problem', () => {
    const r = judge(
      'How do you handle support tickets that come in over the weekend? Ours sit in the queue until Monday and the backlog is a problem.',
      'tickets',
      SUPPORT,
    )
    expect(r.intent).toBe('QUESTION')
    expect(r.score).toBeLessThan(QUALIFY)
  })

  test('a developer question with code is a QUESTION, not a complaint about the error it shows', () => {
    const r = judge(
      'Webhook from the helpdesk API returns an error 401\n```js\nawait fetch(url, { headers })\n```\nWhat header am I missing?',
      'helpdesk',
      SUPPORT,
    )
    expect(r.intent).toBe('QUESTION')
  })

  test('launches, job posts and tutorials that describe a problem are MENTION, not PAIN', () => {
    const launch = judge(
      'We are launching Tallymate today: payroll for small teams without the spreadsheet chaos. Free for the first month.',
      'payroll',
      PAYROLL,
    )
    expect(launch.intent).toBe('MENTION')
    const job = judge(
      'We are hiring a support lead! You will own our Zendesk setup, the ticket queue and our SLAs. Apply via the link.',
      'Zendesk',
      SUPPORT,
    )
    expect(job.intent).toBe('MENTION')
    expect(job.score).toBeLessThan(QUALIFY)
  })

  test('a five-star review of a rival is not a complaint about it; a one-star review is', () => {
    const happy = judge('5/5 - Gusto made our first payroll painless, employees love the app', 'Gusto', PAYROLL)
    expect(happy.intent).not.toBe('COMPETITOR')
    expect(happy.intent).not.toBe('PAIN')
    const unhappy = judge('1/5 - Gusto support took a week to fix a payroll error, terrible', 'Gusto', PAYROLL)
    expect(unhappy.intent).toBe('COMPETITOR')
  })

  test('"how much" in a statement is no question', () => {
    const r = judge(
      'rolled out the new helpdesk last month, wild how much of the support inbox was password resets',
      'helpdesk',
      SUPPORT,
    )
    expect(r.intent).toBe('MENTION')
  })
})

describe('rules scorer: other languages', () => {
  const cases: Array<[string, string, string]> = [
    [
      'German',
      'Wir suchen eine Software für die Lohnabrechnung, könnt ihr etwas empfehlen? Wir sind 20 Mitarbeiter.',
      'Lohnabrechnung',
    ],
    ['French', 'Nous cherchons un logiciel de paie pour notre équipe de 15 personnes, vous recommandez quoi ?', 'paie'],
    ['Spanish', 'Buscamos un software de nómina para una empresa de 30 empleados, ¿qué nos recomiendan?', 'nómina'],
    [
      'Portuguese',
      'Procuro um sistema de folha de pagamento para a nossa empresa, o que vocês recomendam?',
      'folha de pagamento',
    ],
    ['Italian', 'Cerchiamo un software per le buste paga della nostra azienda, cosa consigliate?', 'buste paga'],
    [
      'Dutch',
      'Wij zoeken een pakket voor de salarisadministratie van onze 25 medewerkers, wat raden jullie aan?',
      'salarisadministratie',
    ],
  ]
  for (const [language, post, keyword] of cases) {
    test(`a request for a product in ${language} is read with the same rules and says its language`, () => {
      const r = judge(post, keyword, PAYROLL)
      expect(r.intent).toBe('ACTIVE')
      expect(r.reason).toContain(`written in ${language}`)
    })
  }

  test('Japanese is read with its own phrases', () => {
    const r = judge('給与計算のソフトを探しています。おすすめがあれば教えてください。', '給与計算', PAYROLL)
    expect(r.intent).toBe('ACTIVE')
    expect(r.reason).toContain('written in Japanese')
  })

  test('a language the rules have no words for is said to be unsupported in the reason', () => {
    const r = judge('Ищем программу для расчёта зарплаты для небольшой компании, что посоветуете?', 'зарплата', PAYROLL)
    expect(r.reason).toContain('written in a language the rules do not read')
    expect(r.score).toBeLessThan(QUALIFY)
  })

  test('an English post with a few foreign words is still read as English', () => {
    const r = judge(
      'Looking for a payroll tool that handles the la carte benefits of our team, any recommendations?',
      'payroll',
      PAYROLL,
    )
    expect(r.intent).toBe('ACTIVE')
    expect(r.reason).not.toContain('written in')
  })
})

import { describe, expect, test } from 'bun:test'
import { packBatch, unpackBatch } from '../../../src/scorers/rules/batch-message'
import type { ScoreInput } from '../../../src/scorers/types'

// docs/performance.md#where-a-polling-pass-spends-its-time: a batch sent to a rules worker carries each text and each
// list of profiles once; the worker gets back exactly the inputs asked about.

const AGENCIES = [
  { name: 'Agencies', description: 'Marketing agencies with 10 to 50 people', competitors: ['HubSpot'] },
]
const FOUNDERS = [{ name: 'Founders', description: 'Founders of small B2B companies' }]

describe('a batch for a rules worker', () => {
  const post = 'We are looking for a CRM for our 12-person agency. Any recommendations?'
  const inputs: ScoreInput[] = [
    { content: post, keyword: 'crm', icps: AGENCIES },
    { content: post, keyword: 'CRM', icps: FOUNDERS, context: 'We sell Acme' },
    { content: 'Our CRM is down again.', keyword: 'crm', icps: AGENCIES },
    { content: post, icps: [], examples: [{ content: 'x', keyword: 'crm', verdict: 'relevant' }] },
  ]

  test("a team's judged examples are not sent: neither the rules nor the triage model reads them", () => {
    const sent = JSON.stringify(packBatch(inputs))
    expect(sent).not.toContain('examples')
    expect(sent).not.toContain('relevant')
  })

  test('each text and each list of profiles is sent once', () => {
    const message = packBatch(inputs)
    expect(message.contents).toEqual([post, 'Our CRM is down again.'])
    expect(message.icpLists).toEqual([AGENCIES, FOUNDERS, []])
    expect(message.items.map((i) => [i.content, i.icps])).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [0, 2],
    ])
  })

  test('the worker reads back the inputs as asked, through a structured copy as postMessage makes', () => {
    const { examples: _, ...last } = inputs[3] as ScoreInput
    expect(unpackBatch(structuredClone(packBatch(inputs)))).toEqual([...inputs.slice(0, 3), last])
    expect(unpackBatch(packBatch([]))).toEqual([])
  })
})

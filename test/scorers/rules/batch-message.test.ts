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

  test('each text, list of profiles and word is sent once; the pairs are places in one typed array', () => {
    const message = packBatch(inputs)
    expect(message.contents).toEqual([post, 'Our CRM is down again.'])
    expect(message.icpLists).toEqual([AGENCIES, FOUNDERS, []])
    expect(message.words).toEqual(['crm', 'CRM', 'We sell Acme'])
    // Text, profiles, keyword, context (-1: not given): a typed array is copied to the worker as one block.
    expect(message.places).toBeInstanceOf(Int32Array)
    expect([...message.places]).toEqual([0, 0, 0, -1, 0, 1, 1, 2, 1, 0, 0, -1, 0, 2, -1, -1])
  })

  test('the worker reads back the inputs as asked, through a structured copy as postMessage makes', () => {
    const { examples: _, ...last } = inputs[3] as ScoreInput
    // Strictly: a keyword or context not given stays absent, an empty one stays empty.
    const more: ScoreInput[] = [
      { content: '', keyword: '', context: '', icps: [] },
      { content: post, icps: FOUNDERS },
    ]
    expect(unpackBatch(structuredClone(packBatch([...inputs, ...more])))).toStrictEqual([
      ...inputs.slice(0, 3),
      last,
      ...more,
    ])
    expect(unpackBatch(packBatch([]))).toStrictEqual([])
  })

  test('the score from which a reason is wanted goes with each input', () => {
    const sent = structuredClone(packBatch(inputs, [6, 6.5, 0, 10]))
    expect([...(sent.reasonFrom ?? [])]).toEqual([6, 6.5, 0, 10])
  })
})

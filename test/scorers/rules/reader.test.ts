// createRulesReader (src/scorers/rules/index.ts): polling's workers read a post once for the teams asking about it in
// a row, and every answer, and the embedded model's buyer probability beside it, is the one the post read afresh gets.
import { describe, expect, spyOn, test } from 'bun:test'
import { scoreWithModel } from '../../../src/scorers/model/index'
import { createRulesReader, scoreEmbedded } from '../../../src/scorers/rules/index'
import * as reading from '../../../src/scorers/rules/reading'
import type { ScoreInput } from '../../../src/scorers/types'

const CRM_POST =
  'We are a 12-person B2B SaaS team and our sales pipeline lives in three spreadsheets. Looking for a CRM that ' +
  'handles deal tracking and follow-up reminders. HubSpot quoted us way over budget. Anyone switched recently?'
const OTHER_POST = 'Our helpdesk drowns in tickets every Monday; the queue takes the whole team half a day to clear.'
const founders = [{ name: 'SaaS founders', description: 'Founders of small B2B software companies', competitors: [] }]
const agencies = [{ name: 'Agencies', description: 'Marketing agencies with a sales team', competitors: ['HubSpot'] }]

describe('the rules reader', () => {
  test('reads a post once for the teams asking about it in a row, and again when the post, keyword or context changes', () => {
    const reads = spyOn(reading, 'readPost')
    try {
      const read = createRulesReader()
      const inputs: ScoreInput[] = [
        { content: CRM_POST, keyword: 'crm', icps: founders },
        { content: CRM_POST, keyword: ' CRM ', icps: agencies },
        { content: CRM_POST, keyword: 'crm', icps: [] },
        { content: CRM_POST, keyword: 'invoicing', icps: founders },
        { content: CRM_POST, keyword: 'invoicing', context: 'we sell invoicing software', icps: founders },
        { content: OTHER_POST, keyword: 'helpdesk', icps: founders },
        { content: CRM_POST, keyword: 'crm', icps: founders },
      ]
      const answers = inputs.map((input) => ({ ...read.answer(input), buyer: read.buyer(input) }))
      expect(reads).toHaveBeenCalledTimes(5)
      reads.mockRestore()
      expect(answers).toEqual(inputs.map((input) => ({ ...scoreEmbedded(input), buyer: scoreWithModel(input).buyer })))
      // The keyword changes the answer, so a reading kept across keywords would show.
      expect(answers[3]).not.toEqual(answers[0])
    } finally {
      reads.mockRestore()
    }
  })
})

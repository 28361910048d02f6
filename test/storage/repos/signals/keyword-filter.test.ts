// storage/repos/signals/keyword-filter.ts: what a keyword filter is resolved to (docs/api.md#signals).
import { describe, expect, test } from 'bun:test'
import { keywordMatch, resolvedKeyword } from '../../../../src/storage/repos/signals/keyword-filter'
import { shapeOf } from '../../../../src/storage/repos/signals/filter-shape'

describe('a keyword filter', () => {
  test('one spelling that can hold the key: one seek, with the runs whose capitals decide it', () => {
    expect(resolvedKeyword({ keyword: 'CRM not HubSpot' }, ['crm NOT hubspot', 'erp'])).toEqual({
      keyword: 'CRM not HubSpot',
      keywordSpelling: 'crm NOT hubspot',
      keywordRuns: JSON.stringify([[5, 3, 'NOT', 0]]),
    })
    expect(keywordMatch('équipe', ['ÉQUIPE', 'équipe', 'crm'])).toEqual([
      ['ÉQUIPE', []],
      ['équipe', []],
    ])
  })

  test('a keyword no signal has yet still seeks its own spelling, rather than walk every signal of the team', () => {
    for (const spellings of [[], ['crm', 'erp']]) {
      const f = resolvedKeyword({ keyword: 'helpdesk AND crm' }, spellings)
      expect(shapeOf(f, false, false).keywordSpellings).toBe(false)
      expect(f).toMatchObject({ keywordSpelling: 'helpdesk AND crm', keywordRuns: JSON.stringify([[10, 3, 'AND', 1]]) })
    }
  })
})

import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { refusal } from './refusal'

// docs/operations.md#configuration-file: a key that holds a table ([server], [plans.NAME]) given anything else is a
// value of the wrong type, refused by its name like any other, not replaced by the defaults without a word.
describe('a table key given a value that is not a table', () => {
  test('plans as a number or a list is refused, an empty list too', () => {
    expect(refusal({ fileText: 'plans = 5\n', env: {} })).toBe('config: plans: must be a table ([plans.NAME])')
    expect(refusal({ fileText: 'plans = []\n', env: {} })).toBe('config: plans: must be a table ([plans.NAME])')
  })

  test('a section or a plan given as a list is refused by its name', () => {
    expect(refusal({ fileText: 'server = []\n', env: {} })).toBe('config: server: must be a table ([server])')
    expect(refusal({ fileText: '[plans]\ngrowth = [1]\n', env: {} })).toBe(
      'config: plans.growth: must be a table ([plans.growth])',
    )
  })

  test('an empty plans table keeps the built-in plans', () => {
    expect(Object.keys(loadConfig({ fileText: 'plans = {}\n', env: {} }).plans).sort()).toEqual([
      'growth',
      'scale',
      'starter',
      'ultimate',
    ])
  })
})

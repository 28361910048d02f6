// docs/api.md#errors: the 403 no_api_access names the command that moves the team to a plan with API access, as the
// operator would paste it: a team's name with a space or a quote in it is one shell word there.
import { expect, test } from 'bun:test'
import { noApiAccess } from '../../../src/domain/core/plans'
import { testConfig } from '../../support/deps'

const config = testConfig({})
const message = (name: string) => noApiAccess(config, { name, plan: 'starter' }).message

test('the command names the team as one shell word', () => {
  expect(message('tiny-co')).toContain('lead-signals team set --team tiny-co --plan ')
  expect(message('Acme Sales')).toContain('lead-signals team set --team "Acme Sales" --plan ')
  expect(message(`Bob's "team" $1`)).toContain(`lead-signals team set --team 'Bob'\\''s "team" $1' --plan `)
})

test('with no plan that has API access, the message names the setting that gives one', () => {
  const none = { plans: { starter: config.plans.starter } }
  expect(noApiAccess(none, { name: 'acme', plan: 'starter' }).message).toBe(
    'the starter plan has no API access: the operator can set api_access = true on a plan in the configuration',
  )
})

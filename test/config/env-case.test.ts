import { expect, test } from 'bun:test'
import { refusal } from './refusal'

// docs/operations.md#environment-overrides: variables are in capitals; one written in lower case is refused, with
// the name it meant (a few letters apart only once upper-cased).
test('a variable written in lower case is refused with its name in capitals', () => {
  expect(refusal({ env: { LEAD_SIGNALS_server_port: '9000' } })).toBe(
    'config: LEAD_SIGNALS_server_port is not a configuration key; did you mean LEAD_SIGNALS_SERVER_PORT?',
  )
})

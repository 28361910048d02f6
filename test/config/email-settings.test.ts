import { expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { refusal } from './refusal'

// docs/destinations.md#e-mail: an [email] table filled half way is refused at start-up with the key to add, instead
// of a password ignored without a word (no sign-in) or e-mail destinations refused while the operator set them up.

test('a password without a user names email.user, and never the password', () => {
  const message = refusal({ env: {}, fileText: '[email]\nhost = "smtp.example.org"\npassword = "hunter2pw"\n' })
  expect(message).toStartWith('config: email.user: required with email.password')
  expect(message).not.toContain('hunter2pw')
  expect(
    refusal({ env: { LEAD_SIGNALS_EMAIL_PASSWORD: 'hunter2pw' }, fileText: '[email]\nhost = "smtp.example.org"\n' }),
  ).toStartWith('config: email.user: required with email.password')
})

test('a user, password or sender without a host names email.host', () => {
  for (const fileText of [
    '[email]\nuser = "leads@example.org"\npassword = "pw"\n',
    '[email]\nfrom = "leads@example.org"\n',
  ])
    expect(refusal({ env: {}, fileText })).toStartWith('config: email.host: required with ')
  expect(
    refusal({ env: { LEAD_SIGNALS_EMAIL_USER: 'leads@example.org', LEAD_SIGNALS_EMAIL_PASSWORD: 'pw' } }),
  ).toStartWith('config: email.host: required with ')
})

test('a whole table, a host alone, and an unset variable (empty) are taken', () => {
  const whole =
    '[email]\nhost = "smtp.example.org"\nuser = "leads@example.org"\npassword = "pw"\nfrom = "leads@example.org"\n'
  expect(loadConfig({ env: {}, fileText: whole }).email.user).toBe('leads@example.org')
  expect(loadConfig({ env: {}, fileText: '[email]\nhost = "smtp.example.org"\n' }).email.host).toBe('smtp.example.org')
  expect(loadConfig({ env: { LEAD_SIGNALS_EMAIL_PASSWORD: '', LEAD_SIGNALS_EMAIL_USER: '' } }).email.host).toBe('')
})

// A sender without an address ('Lead Signals', taken for the display name) went out as the null sender, MAIL FROM:<>
// (a bounce's), with a From: header naming no one, which receiving servers refuse or file as spam, while `email
// check` said ok. Refused at start-up, naming the key.
test('a sender that is not one address is refused; an address, with or without a name, is taken', () => {
  const table = (from: string) => `[email]\nhost = "smtp.example.org"\nfrom = ${JSON.stringify(from)}\n`
  for (const from of ['Lead Signals', 'leads', 'Leads <leads@example.com', 'a@example.com, b@example.com'])
    expect(refusal({ env: {}, fileText: table(from) })).toStartWith('config: email.from: must be one address')
  for (const from of ['leads@example.com', 'Lead Signals <leads@example.com>', ' "Leads, EU" <leads@example.com> '])
    expect(loadConfig({ env: {}, fileText: table(from) }).email.from).toBe(from)
})

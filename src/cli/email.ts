import { readConfig } from '../config/read'
import { checkEmail } from '../domain/webhooks/email-check'
import { parseFlags } from './args'
import { commandGroup, noPositionals, printJson } from './common'

/**
 * `email check [--json]` (docs/destinations.md#checking): whether the configured SMTP server takes a connection,
 * TLS and the sign-in. Exit status 1 when it does not (or when e-mail is not configured), like `platforms check`.
 */
async function check(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { json: { type: 'boolean' } })
  noPositionals(positionals)
  const result = await checkEmail({ config: readConfig(flags.config as string | undefined) })
  if (flags.json) printJson(result)
  else {
    console.log(`email: ${result.status === 'not_configured' ? 'not configured' : result.status} (${result.detail})`)
    if (result.warning) console.log(`email: warning: ${result.warning}`)
  }
  return result.status === 'ok' ? 0 : 1
}

export const email = commandGroup('email', { check: { usage: 'check [--json]', run: check } })

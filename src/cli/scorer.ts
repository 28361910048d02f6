import { readConfig } from '../config/read'
import { checkScorer } from '../domain/scoring/scorer-check'
import { scorerWords } from '../domain/scoring/model-server-words'
import { createLogger, logsWritten } from '../lib/log'
import { shortened } from '../lib/text'
import { parseFlags } from './args'
import { commandGroup, noPositionals, printJson } from './common'

// How much of the model's reason the line shows: enough to see it is a sentence about the post; a longer one is cut
// where a word ends, with "…", so that the line does not pass its start for the whole.
const REASON_CHARS = 160

/**
 * `scorer check [--json] [--verbose]` (docs/scoring.md#checking-the-model-server): whether the configured scorer
 * answers a sample post, and if not, why. Exit status 1 when it does not, like `platforms check` and `email check`.
 */
async function check(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { json: { type: 'boolean' }, verbose: { type: 'boolean' } })
  noPositionals(positionals)
  const config = readConfig(flags.config as string | undefined)
  // The report says what came of the call; the lines serve would log on the way (a reply asked for again, a switch
  // the server refused) are written only when asked for, and then before the report.
  const r = await checkScorer(config, flags.verbose ? createLogger() : createLogger(() => {}))
  await logsWritten()
  if (flags.json) printJson(r)
  else {
    // What a person calls the server, not the backend's id (--json keeps the id).
    const server = `${scorerWords(r.backend)}${r.endpoint ? ` at ${r.endpoint}` : ''}`
    const who = [server, r.model && `model ${r.model}`].filter(Boolean).join(', ')
    const took = r.ms === undefined ? '' : `, ${r.ms} ms`
    const said = r.answer ? `: ${r.answer.intent} ${r.answer.score}, "${shortened(r.answer.reason, REASON_CHARS)}"` : ''
    console.log(`scorer: ${r.status} (${who}${took}) ${r.detail}${said}`)
    if (r.meanwhile) console.log(`meanwhile: ${r.meanwhile}`)
    if (r.next) console.log(`next: ${r.next}`)
  }
  return r.status === 'ok' ? 0 : 1
}

export const scorer = commandGroup('scorer', { check: { usage: 'check [--json] [--verbose]', run: check } })

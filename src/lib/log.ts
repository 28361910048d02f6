import { writeSync } from 'node:fs'
import { journalPriority } from './journal'
import { networkReason, unresolvedHost } from './network-reason'
import { OWN_WORDS } from './own-words'
import { DIRECTION_CHARS } from './text'
import { isoText } from './utc-text'

export type Logger = {
  info(event: string, fields?: Record<string, unknown>): void
  warn(event: string, fields?: Record<string, unknown>): void
  error(event: string, fields?: Record<string, unknown>): void
}

type LogFormat = 'json' | 'human'

/**
 * One line per event: JSON (for collectors) or, on a terminal, a short human line. An `err` field is reduced to a
 * safe summary (see `describeError`), never its stack: log lines leave the machine in many setups, and stacks carry
 * file paths.
 *
 * Without a `write`, lines go to stderr, human when stderr is a terminal, each after its priority when it is the
 * journal (journal.ts); with one (tests), JSON unless told.
 */
export function createLogger(write?: (line: string) => void, a: { format?: LogFormat } = {}): Logger {
  const format = a.format ?? (write === undefined && process.stderr.isTTY ? 'human' : 'json')
  const out = write ?? stderrLines()
  const priority = write === undefined && format === 'json' ? journalPriority() : undefined
  const emit =
    (level: string) =>
    (event: string, fields: Record<string, unknown> = {}) => {
      // The fields in their order and `err` last, copied once (a line a request: docs/performance.md#dates).
      const line: Record<string, unknown> = { time: isoText(new Date()), level, event }
      for (const key of Object.keys(fields)) if (key !== 'err') line[key] = fields[key]
      if (fields.err !== undefined) line.err = describeError(fields.err)
      const text = inert(format === 'human' ? humanLine(line) : JSON.stringify(line))
      out(priority ? `${priority(level)}${text}` : text)
    }
  return { info: emit('info'), warn: emit('warn'), error: emit('error') }
}

// What JSON leaves as it is and a terminal acts on: DEL, the C1 controls (U+009B is CSI) and the direction controls.
// A value may be another party's words (a platform's error message), so they are written as JSON escapes, which read
// back as the same value (docs/operations.md#logs).
const ACTING = new RegExp(`[\\u007f-\\u009f${DIRECTION_CHARS}]`, 'gu')
const inert = (line: string) => line.replace(ACTING, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

/**
 * Resolves once the log lines of this turn of the event loop are written: a command that prints a report after the
 * work that logged warnings awaits it, so that they come out before the report (docs/operations.md#logs).
 */
export const logsWritten = (): Promise<void> => new Promise((done) => setImmediate(done))

/**
 * Lines to stderr, written once per turn of the event loop: a busy server logs a line per request, and one write of
 * many lines costs far less than a write each. The write is synchronous, so lines still pending when the process
 * exits (`process.exit` after a shutdown) are written from the exit handler.
 */
function stderrLines(): (line: string) => void {
  let pending: string[] = []
  const flush = () => {
    if (pending.length === 0) return
    const text = `${pending.join('\n')}\n`
    pending = []
    try {
      writeSync(2, text)
    } catch {
      // A non-blocking pipe that is full (EAGAIN): the stream queues what the descriptor cannot take now.
      process.stderr.write(text)
    }
  }
  process.on('exit', flush)
  return (line) => {
    if (pending.push(line) === 1) setImmediate(flush)
  }
}

/** `12:00:01.234 WARN  event key=value key="two words"`: the time of day, the level, the event, then the fields. */
export function humanLine(line: Record<string, unknown>): string {
  const { time, level, event, ...fields } = line
  const clock = typeof time === 'string' ? time.slice(11, 23) : ''
  const pairs = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${humanValue(v)}`)
  return [clock, String(level).toUpperCase().padEnd(5), event, ...pairs].join(' ')
}

function humanValue(value: unknown): string {
  if (typeof value === 'string') return /^[\w./:@+-]+$/.test(value) ? value : JSON.stringify(value)
  return JSON.stringify(value) ?? String(value)
}

// Short reasons for the SQLite result codes an operator meets; the driver's own message is never logged, since
// drizzle's carries the statement and its parameters (the values written: names, texts, key hashes).
const SQLITE_REASONS: Record<string, string> = {
  SQLITE_BUSY: 'the database is locked by another writer',
  SQLITE_LOCKED: 'a table is locked',
  SQLITE_READONLY: 'the database is read-only',
  SQLITE_FULL: 'the disk is full',
  SQLITE_IOERR: 'disk I/O error',
  SQLITE_CANTOPEN: 'the database file cannot be opened',
  SQLITE_CORRUPT: 'the database file is damaged',
  SQLITE_NOTADB: 'the file is not a database',
  SQLITE_CONSTRAINT: 'a constraint failed',
  SQLITE_PERM: 'permission denied',
}
const MAX_MESSAGE = 500

/**
 * What a log line may say about an error. A database error (drizzle's query error, a libSQL or SQLite error, at any
 * depth of `cause`) becomes its result code and a fixed reason, or the service's own reason that the query builder
 * wrapped (OWN_WORDS); any other error its message, after its class when that is one of its own (`TypeError: …`, a
 * bug), with paths and URL credentials masked and the length capped. The
 * service's own errors are plain Errors whose message is the reason in words: `Error: ` before it said nothing
 * (docs/operations.md#logs).
 */
export function describeError(err: unknown): string {
  const database = databaseErrorIn(err)
  if (database) return database
  return capped(redact(err instanceof Error ? `${classOf(err)}${err.message}${becauseOf(err)}` : String(err)))
}

const capped = (text: string) => (text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text)

const classOf = (err: Error) => (err.name && err.name !== 'Error' ? `${err.name}: ` : '')

/**
 * What an error says caused it, for the operator only (a platform that could not be reached: the network's own
 * words, such as `ECONNREFUSED: Unable to connect`; the runtime's class for them, TypeError, is no reason).
 */
function becauseOf(err: Error): string {
  const because = (err as { because?: unknown }).because
  if (!(because instanceof Error)) return ''
  // The resolver's `getaddrinfo ENOTFOUND host` read as a code; said in words (a line that knows the setting holding
  // the name says that too: platforms/unresolved-name.ts).
  const host = unresolvedHost(because)
  if (host) return ` (the name ${host} does not resolve)`
  // The runtime's network errors go on, after their first sentence, with advice to the programmer who called fetch
  // ("Is the computer able to access the url?", "pass `verbose: true` …"), which no operator can act on.
  return ` (${networkReason(because) ? (because.message.split(/\.\s/)[0] as string) : because.message})`
}

type ErrorLike = {
  name?: unknown
  message?: unknown
  code?: unknown
  extendedCode?: unknown
  cause?: unknown
  query?: unknown
  params?: unknown
}

function databaseErrorIn(err: unknown): string | undefined {
  let failedQuery = false
  // A bounded walk: `cause` chains are short, and a cycle must not hang the logger.
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as ErrorLike).cause, depth++) {
    const x = e as ErrorLike
    if (failedQuery && e instanceof Error && OWN_WORDS in e) return capped(redact(e.message))
    const code = typeof x.code === 'string' ? x.code : undefined
    if (code?.startsWith('SQLITE_')) {
      const extended = typeof x.extendedCode === 'string' && x.extendedCode !== code ? ` (${x.extendedCode})` : ''
      const base = /^SQLITE_[A-Z]+/.exec(code)?.[0] ?? code
      return `DatabaseError: ${code}${extended}: ${SQLITE_REASONS[base] ?? 'the statement failed'}`
    }
    if (x.name === 'LibsqlError') return `DatabaseError: ${code ?? 'unknown'}`
    if (isFailedQuery(x)) failedQuery = true
  }
  return failedQuery ? 'DatabaseError: a query failed' : undefined
}

const isFailedQuery = (x: ErrorLike) =>
  ('query' in x && 'params' in x) || (typeof x.message === 'string' && x.message.startsWith('Failed query:'))

// Driver messages can name files or carry credentials in URLs; neither belongs in a log line. A message that quotes
// a failed query (an error wrapping drizzle's) keeps only what comes before the quote. Masked before the message is
// capped: a password the cap cut through no longer ended in `@`, and its first characters stayed in the line.
const PATH = /(?:[A-Za-z]:)?(?:[\\/][\w.@-]+){2,}[\\/]?/g
const URL_CREDENTIALS = /\/\/[^/@\s]+@/g
const QUOTED_QUERY = /Failed query:[\s\S]*/
const redact = (text: string) =>
  text.replace(QUOTED_QUERY, 'a database query failed').replace(URL_CREDENTIALS, '//***@').replace(PATH, '<path>')

export type Logger = {
  info(event: string, fields?: Record<string, unknown>): void
  warn(event: string, fields?: Record<string, unknown>): void
  error(event: string, fields?: Record<string, unknown>): void
}

/**
 * One JSON object per line. An `err` field is reduced to its class name and message, never its stack: log lines
 * leave the machine in many setups, and stacks carry file paths.
 */
export function createLogger(write: (line: string) => void = (l) => process.stderr.write(l + '\n')): Logger {
  const emit = (level: string) => (event: string, fields: Record<string, unknown> = {}) => {
    const { err, ...rest } = fields
    const line: Record<string, unknown> = { time: new Date().toISOString(), level, event, ...rest }
    if (err !== undefined) line.err = redact(err instanceof Error ? `${err.name}: ${err.message}` : String(err))
    write(JSON.stringify(line))
  }
  return { info: emit('info'), warn: emit('warn'), error: emit('error') }
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} }

// Driver messages can name files or carry credentials in URLs; neither belongs in a log line.
const PATH = /(?:[A-Za-z]:)?(?:[\\/][\w.@-]+){2,}[\\/]?/g
const URL_CREDENTIALS = /\/\/[^/@\s]+@/g
const redact = (text: string) => text.replace(URL_CREDENTIALS, '//***@').replace(PATH, '<path>')

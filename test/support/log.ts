import type { Logger } from '../../src/lib/log'

/** A logger that writes nothing, for tests whose log lines are not what they check. */
export const silentLogger: Logger = { info() {}, warn() {}, error() {} }

export type LogLine = { level: string; event: string; fields: Record<string, unknown> }

/** A logger that keeps its lines, for tests of what is told: `of(event)` the lines of one event. */
export function recordingLogger() {
  const lines: LogLine[] = []
  const at =
    (level: string) =>
    (event: string, fields: Record<string, unknown> = {}) => {
      lines.push({ level, event, fields })
    }
  const log: Logger = { info: at('info'), warn: at('warn'), error: at('error') }
  return { log, lines, of: (event: string) => lines.filter((l) => l.event === event) }
}

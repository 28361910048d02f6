import { bytesLines } from '../../src/domain/signals/line-source'

// The lines the signals import tests feed it (import-lines, import-team, line-source): one valid signal, changed where
// a test says, and a text read as standard input gives it.

export const base = {
  author: 'dana',
  platform: 'reddit',
  intent: 'ACTIVE',
  score: 8,
  reason: 'asks for a CRM',
  content: 'looking for a CRM',
  url: 'https://reddit.com/r/x/1',
  keyword: 'crm',
  publishedAt: '2026-11-01T10:00:00Z',
}
/** One valid line of a signals file, with `patch`'s fields in place of the valid ones. */
export const line = (patch: Record<string, unknown> = {}) => JSON.stringify({ ...base, ...patch })
/** A text as standard input gives it: bytes in memory. */
export const textLines = (text: string) => bytesLines(Buffer.from(text))

import * as v from 'valibot'
import type { Config } from '../../config/schema'
import type { listSignals } from '../../domain/signals/list'
import { SignalPage } from '../../wire/signals'

type Page = Awaited<ReturnType<typeof listSignals>>

// The JSON of a page's signals, written once per remembered page: its array is the same object on every request that
// reads the page (domain/signals/list.ts), and this map forgets the text with the page.
const written = new WeakMap<object, string>()

/**
 * GET /api/v1/signals's answer body (docs/performance.md#signal-pages): the page's signals as JSON written once, then
 * what changes with each request (the total, the paging, the caller's usage), the same bytes as JSON.stringify of
 * the whole answer. With `server.check_responses` it is checked against SignalPage here, since the route hands the
 * framework text, which its own response check could not read as the object it describes.
 */
export function signalPageText(config: Pick<Config, 'server'>, page: Page): string {
  let signals = written.get(page.signals)
  if (signals === undefined) {
    signals = JSON.stringify(page.signals)
    written.set(page.signals, signals)
  }
  const rest = JSON.stringify({ total: page.total, limit: page.limit, offset: page.offset, usage: page.usage })
  const text = `{"signals":${signals},${rest.slice(1)}`
  if (config.server.check_responses) v.parse(SignalPage, JSON.parse(text))
  return text
}

import type { StreamReader } from '../../src/platforms/stream'
import { recordingSink } from './stream-world'

/** What `reader` hands its sink as its first failed read; the reader is stopped then. */
export async function firstFailure(reader: StreamReader): Promise<unknown> {
  const errors: unknown[] = []
  const { sink } = recordingSink()
  const stop = new AbortController()
  const reading = reader.read(null, { ...sink, failed: (err) => errors.push(err) }, stop.signal)
  while (errors.length === 0) await Bun.sleep(20)
  stop.abort()
  await reading
  return errors[0]
}

import type { Deps } from '../../src/deps'
import { superviseStreams } from '../../src/domain/streams/supervise'
import type { Logger } from '../../src/lib/log'
import type { StreamReader } from '../../src/platforms/stream'
import type { testDeps } from './deps'

/**
 * Runs the reader made by `reader` (given the log, which it is to tell what it tells) under the streams' supervisor, as
 * `serve` does, until `cleanups` run, and returns the events the log tells, in order: what an outage's lines
 * (docs/streams.md#outages) are checked on.
 */
export function loggedStream(
  deps: Awaited<ReturnType<typeof testDeps>>['deps'],
  reader: (log: Logger) => StreamReader,
  cleanups: (() => unknown)[],
) {
  const lines: string[] = []
  const told = (event: string) => lines.push(event)
  deps.log = { ...deps.log, info: told, warn: told, error: told } as Logger
  const shutdown = new AbortController()
  const streams = superviseStreams(deps as Deps, shutdown.signal, undefined, [reader(deps.log)])
  cleanups.push(() => {
    shutdown.abort()
    return streams
  })
  return lines
}

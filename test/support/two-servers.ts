// Two servers on one database, as several `serve` processes on one libSQL server or file are
// (docs/operations.md#several-executables-on-sqld), and a stream read once: for the tests of what servers share.
import { expect } from 'bun:test'
import { join } from 'node:path'
import type { Source } from '../../src/config/platform-names'
import type { ConfigInput } from '../../src/config/schema'
import type { StreamReader } from '../../src/platforms/stream'
import { streamReaders } from '../../src/platforms/streams'
import { type DeepPartial, testDeps } from './deps'
import type { Received } from './fake-upstream'
import { resetIn } from './reset-headers'
import { recordingSink } from './stream-world'
import { tempDir } from './temp-dirs'
import { freshTestDatabase, onSqld } from './test-database'

type Platforms = DeepPartial<ConfigInput>['platforms']

/**
 * Two servers on one database (a file, or a database on the test's sqld), each with its own connectors: with the same
 * platform settings, or the second with its own (other credentials).
 */
export async function twoServers(platforms: Platforms, secondPlatforms: Platforms = platforms) {
  const url = onSqld ? await freshTestDatabase() : `file:${join(tempDir('ls-pauses-'), 'one.db')}`
  const { deps: first } = await testDeps({ config: { database: { url }, platforms } })
  const { deps: second } = await testDeps({ config: { database: { url }, platforms: secondPlatforms } })
  return [first, second] as const
}

/** Reads `reader` from now until it has read once or failed once; what it failed with. */
export async function readOnce(reader: StreamReader) {
  const stop = new AbortController()
  const { got, sink } = recordingSink()
  const failed = (err: unknown) => {
    sink.failed(err)
    stop.abort()
  }
  await reader.read(null, { ...sink, heard: () => stop.abort(), failed }, stop.signal)
  return got.failures
}

/** What a search of `platform` on `server` throws, checked to be the refusal of a spent limit (503, nothing sent). */
export async function searchRefused(server: Awaited<ReturnType<typeof twoServers>>[number], platform: Source) {
  const err = await server.connectors
    .get(platform)!
    .search('crm', 10)
    .catch((e: any) => e)
  expect(err).toMatchObject({ kind: 'platform_budget_exhausted' })
  return err
}

/**
 * X's recent search allowing `allowed` requests in a window that resets in 900 s, then 429 (docs.x.com, Rate limits:
 * x-rate-limit-remaining and x-rate-limit-reset, epoch seconds, on every answer): a post and a next page each time.
 */
export function limitedX(fake: (answer: (req: Received) => Response) => { origin: string }, allowed: number) {
  const reset = resetIn('x-rate-limit-reset', 900)
  let sent = 0
  const x = fake(() => {
    sent++
    const headers = { 'x-rate-limit-limit': String(allowed), ...reset }
    if (sent > allowed)
      return Response.json(
        { title: 'Too Many Requests' },
        { status: 429, headers: { ...headers, 'x-rate-limit-remaining': '0' } },
      )
    const data = [
      { id: String(1790000000000000000n + BigInt(sent)), text: `CRM #${sent}`, created_at: '2026-03-01T12:34:56.000Z' },
    ]
    return Response.json(
      { data, meta: { result_count: 1, next_token: `n${sent}` } },
      { headers: { ...headers, 'x-rate-limit-remaining': String(allowed - sent) } },
    )
  })
  return { twitter: { base_url: x.origin, bearer_token: 'AAAA-bearer' }, sent: () => sent }
}

/**
 * Mastodon's streaming API as it opens: a comment line, then the connection stays open
 * (docs.joinmastodon.org/methods/streaming).
 */
export const openMastodonStream = () =>
  new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode(':)\n')) }), {
    headers: { 'content-type': 'text/event-stream' },
  })

/** Two servers streaming the Mastodon instance at `origin` with the token "tok". */
export const twoMastodonServers = (origin: string) =>
  twoServers({ mastodon: { base_url: origin, access_token: 'tok', mode: 'stream' as const, stream_url: origin } })

/** `server`'s stream of `platform`, as `serve` builds it: with that server's pauses. */
export const serverStream = (server: Awaited<ReturnType<typeof twoServers>>[number], platform: Source) =>
  streamReaders(server.config, server.log, { pauses: server.pauses }).find((r) => r.platform === platform)!

import { describe, expect, test } from 'bun:test'
import { fetchPlatformJson } from '../../../src/platforms/http'
import { fakesPerTest } from '../../support/fake-upstream'

const upstream = fakesPerTest()
const MiB = 1024 * 1024
const MAX_PLATFORM_ANSWER_BYTES = 32 * MiB

/** A JSON answer of about `bytes`, streamed in 1 MiB pieces without a Content-Length (as a chunked answer comes). */
function streamed(bytes: number): Response {
  const piece = new TextEncoder().encode(`"${'x'.repeat(MiB - 3)}",`)
  let sent = 0
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (sent === 0) c.enqueue(new TextEncoder().encode('['))
      if (sent >= bytes) {
        c.enqueue(new TextEncoder().encode('0]'))
        return c.close()
      }
      c.enqueue(piece)
      sent += piece.byteLength
    },
  })
  return new Response(body, { headers: { 'content-type': 'application/json' } })
}

const get = (origin: string, path: string) =>
  fetchPlatformJson({ platform: 'hackernews', url: new URL(path, origin), timeoutMs: 10_000 })

// docs/security.md#what-is-bounded: a platform (or the mirror its base_url names) that answers without end is an error
// once past the limit, not an answer held whole in memory.
describe("a platform's answer", () => {
  test('past the limit, streamed or announced, is refused as upstream_error naming the platform', async () => {
    const f = upstream((req) =>
      req.url.pathname === '/announced'
        ? new Response(new Uint8Array(MAX_PLATFORM_ANSWER_BYTES + 1).fill(32))
        : streamed(MAX_PLATFORM_ANSWER_BYTES + MiB),
    )
    for (const path of ['/streamed', '/announced'])
      await expect(get(f.origin, path)).rejects.toMatchObject({
        kind: 'upstream_error',
        message: `hackernews answered more than ${MAX_PLATFORM_ANSWER_BYTES / MiB} MB`,
      })
  })

  test('within the limit, is read whole', async () => {
    const f = upstream(() => streamed(4 * MiB))
    const body = (await get(f.origin, '/within')) as string[]
    expect(body.length).toBe(5)
  })
})

// docs/api.md#export: once an export has ended without its last chunk while its client reads nothing, its connection
// is closed within seconds. The idle timeouts exportResponse asks of the server, without a server: the real one's
// timing is test/security/export-idle.test.ts.
import { expect, test } from 'bun:test'
import type { Server } from 'bun'
import { exportResponse } from '../../src/http/signals/export-response'

function asked(body: ReadableStream<Uint8Array>) {
  const timeouts: number[] = []
  const server = { timeout: (_: Request, sec: number) => timeouts.push(sec) } as unknown as Server<unknown>
  const at = { request: new Request('http://127.0.0.1/api/v1/signals/export'), server }
  const file = { body, contentType: 'text/csv', fileName: 'signals.csv' }
  const response = exportResponse({ exportIdleMs: 9000 }, at, file as Parameters<typeof exportResponse>[2])
  return { timeouts, response }
}

test('an export ended while its client reads nothing drops its connection to a 1 s idle timeout', async () => {
  let source: ReadableStreamDefaultController<Uint8Array> | undefined
  const { timeouts, response } = asked(
    new ReadableStream<Uint8Array>({
      start(controller) {
        source = controller
      },
    }),
  )
  // Bound plus the grace while it is sent.
  expect(timeouts).toEqual([19])
  // As the idle bound ends it (domain/signals/export-stream.ts).
  source?.error(undefined)
  await Bun.sleep(0)
  // Nothing has read the answer: the end is seen on the export's own stream.
  expect(timeouts).toEqual([19, 1])
  expect(response.bodyUsed).toBe(false)
})

test("an export read to its end goes back to the server's idle timeout, never 1 s", async () => {
  const { timeouts, response } = asked(new Blob(['a,b\n']).stream())
  expect(await response.text()).toBe('a,b\n')
  // Elysia's 30 s (wire/connection-timeouts.ts), for the connection kept alive after it.
  expect(timeouts).toEqual([19, 30])
})

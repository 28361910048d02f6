// docs/api.md#requests-and-responses: Bun's HTTP parser answers a request whose head is too large before the app runs.
// The limit and the answer are Bun's, so this checks that the page states the limit Bun applies and the answer it
// gives. A Unix socket stands in for the TCP port: the same parser reads both.
import { afterAll, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../../src/app'
import type { Logger } from '../../src/lib/log'
import { testDeps } from '../support/deps'

const lines: unknown[] = []
const logger: Logger = { info: (...a) => lines.push(a), warn: (...a) => lines.push(a), error: (...a) => lines.push(a) }
const socketPath = join(tmpdir(), `lead-signals-header-limit-${process.pid}.sock`)
const { deps } = await testDeps({ deps: { log: logger } })
const app = createApp(deps).listen({ unix: socketPath })
afterAll(() => app.stop(true))

/** The limit the page gives, in bytes. */
function documentedLimit(): number {
  const page = readFileSync(join(import.meta.dir, '../../docs/api.md'), 'utf8')
  const bullet = page.split('\n- ').find((item) => item.startsWith('**Header size.**')) ?? ''
  const kib = /up to (\d+) KiB/.exec(bullet)?.[1]
  expect(kib).toBeDefined()
  return Number(kib) * 1024
}

/** A GET /healthz whose request line and headers (as curl would send them over HTTP/1.1) take `total` bytes. */
async function headOf(total: number) {
  const fixed = 'GET /healthz HTTP/1.1\r\nhost: localhost\r\nx-fill: \r\n\r\n'.length
  const fill = 'x'.repeat(total - fixed)
  const connection = await Bun.connect({ unix: socketPath, socket: { data: collect, close: () => done() } })
  let received = ''
  let done: () => void = () => {}
  const closed = new Promise<void>((resolve) => {
    done = resolve
  })
  function collect(_socket: unknown, chunk: Buffer) {
    received += chunk.toString('latin1')
    if (received.includes('"status"')) connection.end()
  }
  connection.write(`GET /healthz HTTP/1.1\r\nhost: localhost\r\nx-fill: ${fill}\r\n\r\n`)
  await closed
  return received
}

test('a request head over the documented limit gets Bun’s bodiless 431; one within it reaches the service', async () => {
  const limit = documentedLimit()
  const within = await headOf(limit - 64)
  expect(within).toStartWith('HTTP/1.1 200')
  expect(within.toLowerCase()).toContain('x-request-id:')
  lines.length = 0
  const over = await headOf(limit + 64)
  // The whole answer: a status line, Connection: close, no body, no request id; the app never ran, so nothing is
  // logged.
  expect(over).toBe('HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n')
  expect(lines).toEqual([])
})

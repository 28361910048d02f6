import { afterEach } from 'bun:test'

/** What a fake upstream received: enough to assert the outgoing request of a connector. */
export type Received = { method: string; url: URL; headers: Headers; body: string; ip?: string }

/**
 * A local fake of a platform's server on 127.0.0.1. `answer` plays the platform's protocol for each request;
 * every request is recorded. Point the connector's `base_url` (or other host setting) at `origin`.
 */
export function fakeUpstream(answer: (req: Received) => Response | Promise<Response>) {
  const received: Received[] = []
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request, server) {
      const req = {
        method: request.method,
        url: new URL(request.url),
        headers: request.headers,
        body: await request.text(),
        ip: server.requestIP(request)?.address,
      }
      received.push(req)
      return answer(req)
    },
  })
  return {
    origin: server.url.origin,
    received,
    stop: () => server.stop(true),
  }
}

/** A text of `n` characters, longer than any platform preview, to check content comes back whole. */
export function longText(n = 6000): string {
  let text = ''
  for (let i = 0; text.length < n; i++) text += `sentence ${i} about a crm we might buy soon. `
  return text.slice(0, n)
}

/** `fakeUpstream` for tests that start one or more fakes each: every fake started is stopped after each test. */
export function fakesPerTest() {
  const running: ReturnType<typeof fakeUpstream>[] = []
  afterEach(() => {
    while (running.length) running.pop()?.stop()
  })
  return (answer: Parameters<typeof fakeUpstream>[0]) => {
    const f = fakeUpstream(answer)
    running.push(f)
    return f
  }
}

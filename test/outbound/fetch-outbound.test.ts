import { afterAll, describe, expect, test } from 'bun:test'
import { fetchOutbound } from '../../src/outbound/fetch-outbound'
import { isPublicAddress, OutboundError } from '../../src/outbound/public-address'

const hits: string[] = []
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch(req) {
    const path = new URL(req.url).pathname
    hits.push(path)
    if (path === '/redirect') return new Response(null, { status: 302, headers: { location: '/target' } })
    if (path === '/big') return new Response('x'.repeat(10_000))
    if (path === '/slow') await Bun.sleep(500)
    return Response.json({ ok: true })
  },
})
afterAll(() => server.stop(true))
const at = (path: string, host = '127.0.0.1') => new URL(`http://${host}:${server.port}${path}`)
const limits = { timeoutMs: 2_000, maxBytes: 5_000 }

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p
  } catch (err) {
    if (err instanceof OutboundError) return err.reason
    throw err
  }
  throw new Error('expected a refusal')
}

describe('isPublicAddress', () => {
  test('ordinary public unicast addresses only', () => {
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect(isPublicAddress(a)).toBe(true)
    const special = ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0']
    const special6 = ['::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'ff02::1']
    for (const a of [...special, ...special6, 'not-an-address']) expect(isPublicAddress(a)).toBe(false)
  })

  test('an IPv4-compatible IPv6 address (::a.b.c.d) is judged as the IPv4 address it carries, in any spelling', () => {
    // A URL spells [::127.0.0.1] as [::7f00:1]: the form a request's host arrives in.
    const hosts = ['[::127.0.0.1]', '[::169.254.169.254]', '[::10.0.0.1]', '[::192.168.1.1]'].map((h) =>
      new URL(`http://${h}/`).hostname.slice(1, -1),
    )
    expect(hosts[0]).toBe('::7f00:1')
    for (const a of [...hosts, '::127.0.0.1', '::a9fe:a9fe']) expect(isPublicAddress(a)).toBe(false)
    expect(isPublicAddress('::808:808')).toBe(true)
  })
})

describe('fetchOutbound', () => {
  test('a loopback address, literal or by name, is refused before anything is sent', async () => {
    const before = hits.length
    const deny = { allowPrivate: false }
    expect(await refusal(fetchOutbound(at('/doc'), deny, limits))).toBe('private_address')
    const byName = { allowPrivate: false, resolve: async () => ['127.0.0.1'] }
    expect(await refusal(fetchOutbound(at('/doc', 'client.example'), byName, limits))).toBe('private_address')
    // One private address among public ones is enough: the connection could use either.
    const mixed = { allowPrivate: false, resolve: async () => ['93.184.216.34', '10.0.0.7'] }
    expect(await refusal(fetchOutbound(at('/doc', 'client.example'), mixed, limits))).toBe('private_address')
    expect(hits.length).toBe(before)
  })

  test('a name that does not resolve is refused', async () => {
    const none = { allowPrivate: false, resolve: async () => [] }
    expect(await refusal(fetchOutbound(at('/doc', 'nowhere.example'), none, limits))).toBe('unresolvable')
  })

  test('private targets are fetched when the policy allows them', async () => {
    const answer = await fetchOutbound(at('/doc'), { allowPrivate: true }, limits)
    expect(answer.status).toBe(200)
    expect(JSON.parse(new TextDecoder().decode(answer.body))).toEqual({ ok: true })
  })

  test('a redirect is returned as it is, never followed', async () => {
    const before = hits.length
    const answer = await fetchOutbound(at('/redirect'), { allowPrivate: true }, limits)
    expect(answer.status).toBe(302)
    expect(hits.slice(before)).toEqual(['/redirect'])
  })

  test('an answer over the size limit and one over the time limit are errors', async () => {
    expect(await refusal(fetchOutbound(at('/big'), { allowPrivate: true }, limits))).toBe('too_large')
    const quick = { timeoutMs: 100, maxBytes: 5_000 }
    expect(await refusal(fetchOutbound(at('/slow'), { allowPrivate: true }, quick))).toBe('timeout')
  })

  test("the time limit counts the host's look-up too: a name server that is slow to answer cannot stretch an attempt", async () => {
    const slowDns = { allowPrivate: false, resolve: () => Bun.sleep(1_000).then(() => ['127.0.0.1']) }
    const started = performance.now()
    const quick = { timeoutMs: 100, maxBytes: 5_000 }
    expect(await refusal(fetchOutbound(at('/doc', 'slow-dns.example'), slowDns, quick))).toBe('timeout')
    expect(performance.now() - started).toBeLessThan(500)
  })

  test('the connection goes to the address the check approved, not to a second look-up of the name', async () => {
    // A name whose owner answers a public address to the check and a private one to the connection (DNS rebinding):
    // here the check hears a public address, and the system, asked again, would say localhost is 127.0.0.1.
    const before = hits.length
    const rebinding = { allowPrivate: false, resolve: async () => ['93.184.216.34'] }
    const quick = { timeoutMs: 300, maxBytes: 5_000 }
    expect(['timeout', 'network']).toContain(await refusal(fetchOutbound(at('/doc', 'localhost'), rebinding, quick)))
    expect(hits.length).toBe(before)
  })

  test('through a proxy named in the environment, the request names the host, for the proxy to connect to', async () => {
    // The runtime's fetch sends every request through HTTP_PROXY when it is set; a proxy that allows names (not
    // addresses) must still be asked for the receiver's name.
    const asked: string[] = []
    // A raw listener: the request line as the proxy reads it (an HTTP server would rebuild the URL from Host).
    const proxy = Bun.listen({
      hostname: '127.0.0.1',
      port: 0,
      socket: {
        data(socket, data) {
          asked.push(data.toString().split('\r\n')[0])
          socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok')
        },
      },
    })
    const saved = process.env.HTTP_PROXY
    process.env.HTTP_PROXY = `http://127.0.0.1:${proxy.port}`
    try {
      const named = { allowPrivate: false, resolve: async () => ['93.184.216.34'] }
      const answer = await fetchOutbound(new URL('http://receiver.example/hook'), named, limits)
      expect(answer.status).toBe(200)
      expect(asked).toEqual(['GET http://receiver.example/hook HTTP/1.1'])
    } finally {
      if (saved === undefined) delete process.env.HTTP_PROXY
      else process.env.HTTP_PROXY = saved
      proxy.stop(true)
    }
  })

  test('a host the environment sends around the proxy (NO_PROXY) is still connected to at the checked address', async () => {
    // The runtime connects directly to a NO_PROXY host, looking its name up again: without the checked address
    // pinned, a name that answered the check with a public address reached this loopback server (DNS rebinding).
    const saved = { HTTP_PROXY: process.env.HTTP_PROXY, NO_PROXY: process.env.NO_PROXY }
    process.env.HTTP_PROXY = 'http://127.0.0.1:9'
    process.env.NO_PROXY = 'localhost'
    const before = hits.length
    try {
      const rebinding = { allowPrivate: false, resolve: async () => ['93.184.216.34'] }
      const quick = { timeoutMs: 300, maxBytes: 5_000 }
      expect(['timeout', 'network']).toContain(await refusal(fetchOutbound(at('/doc', 'localhost'), rebinding, quick)))
      expect(hits.length).toBe(before)
    } finally {
      for (const [name, value] of Object.entries(saved))
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
    }
  })

  test('only http(s) URLs', async () => {
    expect(await refusal(fetchOutbound(new URL('file:///etc/passwd'), { allowPrivate: true }, limits))).toBe('bad_url')
  })
})

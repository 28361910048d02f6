// docs/console.md#sign-in: behind a reverse proxy listed in server.trusted_proxies, each user's own address is
// throttled, not the proxy's; forwarded headers from any other peer are ignored.
import { afterEach, describe, expect, test } from 'bun:test'
import { createApp } from '../../src/app'
import { createUser } from '../../src/domain/users/users'
import { clientAddress } from '../../src/http/client-address'
import { seedTeam, testDeps } from '../support/deps'

const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

async function serve(trusted: string[]) {
  const { deps } = await testDeps({ config: { server: { trusted_proxies: trusted } } })
  await seedTeam(deps, { name: 'acme' })
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: 'correct horse battery' })
  const app = createApp(deps).listen({ port: 0, hostname: '127.0.0.1' })
  stops.push(() => app.stop(true))
  const signIn = (email: string, password: string, headers: Record<string, string>) =>
    fetch(`http://127.0.0.1:${app.server?.port}/console/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...headers },
      body: JSON.stringify({ email, password }),
    })
  const me = (cookie: string, headers: Record<string, string>) =>
    fetch(`http://127.0.0.1:${app.server?.port}/console/api/me`, { headers: { cookie, ...headers } })
  return Object.assign(signIn, { signIn, me })
}

describe('client addresses behind a proxy', () => {
  test('a trusted proxy: one address guessing at unknown accounts does not stop another user', async () => {
    const signIn = await serve(['127.0.0.1'])
    for (let i = 0; i < 12; i++) await signIn(`nobody${i}@acme.test`, 'wrong', { 'x-forwarded-for': '203.0.113.9' })
    expect((await signIn('x@acme.test', 'wrong', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(429)
    // Ann, behind the same proxy, from her own address.
    expect((await signIn('ann@acme.test', 'correct horse battery', { 'x-forwarded-for': '198.51.100.4' })).status).toBe(
      200,
    )
    expect((await signIn('ann@acme.test', 'correct horse battery', { forwarded: 'for="198.51.100.5"' })).status).toBe(
      200,
    )
  })

  test('an untrusted peer: its forwarded headers are ignored, so changing them does not escape the pause', async () => {
    const signIn = await serve([])
    for (let i = 0; i < 10; i++) await signIn(`nobody${i}@acme.test`, 'wrong', { 'x-forwarded-for': `198.51.100.${i}` })
    const next = await signIn('ann@acme.test', 'correct horse battery', { 'x-forwarded-for': '192.0.2.77' })
    expect(next.status).toBe(429)
  })

  test('the scheme a proxy reports counts only from a trusted proxy: the Secure session cookie', async () => {
    const https = { 'x-forwarded-proto': 'https' }
    // A client on plain http that says https itself keeps a plain cookie its browser sends back, so it stays in.
    const direct = await serve([])
    const plain = await direct.signIn('ann@acme.test', 'correct horse battery', https)
    const cookie = plain.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^ls_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Expires=/)
    expect((await direct.me(cookie.split(';')[0], https)).status).toBe(200)
    const forwarded = await direct.signIn('ann@acme.test', 'correct horse battery', { forwarded: 'proto=https' })
    expect(forwarded.headers.get('set-cookie')).not.toContain('Secure')
    // Behind a trusted proxy that terminates TLS the browser is on https.
    const proxied = await serve(['127.0.0.1'])
    const secure = await proxied.signIn('ann@acme.test', 'correct horse battery', https)
    expect(secure.headers.get('set-cookie')).toMatch(
      /^__Host-ls_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Secure;/,
    )
    const hostCookie = (secure.headers.get('set-cookie') ?? '').split(';')[0]
    expect((await proxied.me(hostCookie, https)).status).toBe(200)
  })

  test('the address is read from the right, past every trusted hop; anything unreadable is the peer', () => {
    const h = (xff: string) => new Headers({ 'x-forwarded-for': xff })
    const trusted = ['10.0.0.0/8', '127.0.0.1']
    expect(clientAddress(trusted, '127.0.0.1', h('1.2.3.4, 203.0.113.9, 10.1.1.1'))).toBe('203.0.113.9')
    expect(clientAddress(trusted, '198.51.100.1', h('203.0.113.9'))).toBe('198.51.100.1')
    expect(clientAddress(trusted, '127.0.0.1', h('not-an-ip'))).toBe('127.0.0.1')
    expect(
      clientAddress(trusted, '127.0.0.1', new Headers({ forwarded: 'for="[2001:db8::1]:443", for=10.0.0.2' })),
    ).toBe('2001:db8::1')
    expect(clientAddress(trusted, undefined, h('203.0.113.9'))).toBe('unknown')
  })
})

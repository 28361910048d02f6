import { afterEach, describe, expect, test } from 'bun:test'
import { createApp } from '../../../src/app'
import type { Deps } from '../../../src/deps'
import { createUser } from '../../../src/domain/users/users'
import { seedTeam, testDeps } from '../../support/deps'

const PASSWORD = 'correct horse battery'
const SAME_SITE = { 'sec-fetch-site': 'same-origin' }

const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

/**
 * `behindProxy`: served on 127.0.0.1, listed in server.trusted_proxies, so the scheme it forwards counts (only a
 * real connection has a peer address).
 */
async function setup(config: Parameters<typeof testDeps>[0] = {}, a: { behindProxy?: boolean } = {}) {
  const server = { ...config.config?.server, ...(a.behindProxy ? { trusted_proxies: ['127.0.0.1'] } : {}) }
  const { deps, clock } = await testDeps({ ...config, config: { ...config.config, server } })
  const { team, apiKey } = await seedTeam(deps, { name: 'acme' })
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  const app = createApp(deps)
  let send = (request: Request) => app.handle(request)
  if (a.behindProxy) {
    const port = app.listen({ port: 0, hostname: '127.0.0.1' }).server?.port
    stops.push(() => app.stop(true))
    send = (request) => fetch(request.url.replace('http://localhost', `http://127.0.0.1:${port}`), request)
  }
  const call = async (method: string, path: string, a: { body?: unknown; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...SAME_SITE, ...a.headers }
    if (a.body !== undefined) headers['content-type'] = 'application/json'
    const res = await send(
      new Request(`http://localhost${path}`, {
        method,
        headers,
        body: a.body === undefined ? undefined : JSON.stringify(a.body),
      }),
    )
    return { status: res.status, headers: res.headers, body: (await res.json().catch(() => null)) as any }
  }
  const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
    call('POST', '/console/api/session', { body: { email, password }, headers })
  const cookieOf = (res: { headers: Headers }) => (res.headers.get('set-cookie') ?? '').split(';')[0]
  return { deps, clock, team, apiKey, app, call, signIn, cookieOf }
}

const advance = (clock: { now(): Date; set(to: Date): void }, ms: number) =>
  clock.set(new Date(clock.now().getTime() + ms))

const usedCalls = async (deps: Deps, teamId: string) => (await deps.repos.teams.find(teamId))?.quotaUsed

describe('console sign-in and sessions (docs/console.md#people-and-sessions)', () => {
  test('a session cookie is HttpOnly, SameSite=Lax, expiring, and Secure only behind https', async () => {
    const { signIn } = await setup({}, { behindProxy: true })
    const plain = await signIn('ann@acme.test', PASSWORD)
    expect(plain.status).toBe(200)
    const cookie = plain.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^ls_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Expires=/)
    expect(cookie).not.toContain('Secure')
    const proxied = await signIn('ann@acme.test', PASSWORD, { 'x-forwarded-proto': 'https' })
    expect(proxied.headers.get('set-cookie')).toContain('; Secure')
  })

  test('the cookie is Secure behind a proxy that says https in Forwarded, or when server.public_url is https', async () => {
    const { signIn, call } = await setup({}, { behindProxy: true })
    const forwarded = await signIn('ann@acme.test', PASSWORD, { forwarded: 'for=192.0.2.1;proto=https' })
    expect(forwarded.headers.get('set-cookie')).toContain('; Secure')
    const quoted = await signIn('ann@acme.test', PASSWORD, { forwarded: 'for="[2001:db8::1]";Proto="HTTPS"' })
    expect(quoted.headers.get('set-cookie')).toContain('; Secure')
    const plainForwarded = await signIn('ann@acme.test', PASSWORD, { forwarded: 'for=192.0.2.1;proto=http' })
    expect(plainForwarded.headers.get('set-cookie')).not.toContain('Secure')
    // A proxy that says nothing of the scheme (nginx's default) in front of an https public URL.
    const behind = await setup({ config: { server: { public_url: 'https://leads.example.com' } } })
    const signedIn = await behind.signIn('ann@acme.test', PASSWORD)
    expect(signedIn.headers.get('set-cookie')).toContain('; Secure')
    const out = await behind.call('DELETE', '/console/api/session')
    expect(out.headers.get('set-cookie')).toContain('; Secure')
    expect((await call('DELETE', '/console/api/session')).headers.get('set-cookie')).not.toContain('Secure')
  })

  test('over https the cookie is __Host-ls_session, and a plain ls_session cookie does not open the console there', async () => {
    const https = { 'x-forwarded-proto': 'https' }
    const { signIn, call, cookieOf } = await setup({}, { behindProxy: true })
    const signedIn = await signIn('ann@acme.test', PASSWORD, https)
    // __Host-: only this exact host over https may set it (RFC 6265bis 4.1.3.2), so a sibling subdomain cannot.
    expect(signedIn.headers.get('set-cookie')).toMatch(
      /^__Host-ls_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Secure;/,
    )
    const hostCookie = cookieOf(signedIn)
    expect((await call('GET', '/console/api/me', { headers: { ...https, cookie: hostCookie } })).status).toBe(200)
    // The same token under the plain name, as a sibling subdomain could set it, is not read over https...
    const plainName = hostCookie.replace('__Host-ls_session=', 'ls_session=')
    expect((await call('GET', '/console/api/me', { headers: { ...https, cookie: plainName } })).status).toBe(401)
    // ...and over http the __Host- name is not read either (a browser never sends it there).
    expect((await call('GET', '/console/api/me', { headers: { cookie: hostCookie } })).status).toBe(401)
    const out = await call('DELETE', '/console/api/session', { headers: { ...https, cookie: hostCookie } })
    expect(out.headers.get('set-cookie')).toMatch(/^__Host-ls_session=; Path=\/; HttpOnly; SameSite=Lax; Secure;/)
    expect((await call('GET', '/console/api/me', { headers: { ...https, cookie: hostCookie } })).status).toBe(401)
  })

  test('a wrong password and an unknown email get the same answer', async () => {
    const { signIn } = await setup()
    const wrong = await signIn('ann@acme.test', 'not the password')
    const unknown = await signIn('nobody@acme.test', 'not the password')
    expect(wrong.status).toBe(401)
    expect(unknown).toEqual({ ...wrong, headers: unknown.headers })
    expect(wrong.body).toEqual({
      error: { code: 'invalid_credentials', message: 'the email or the password is wrong' },
    })
  })

  test('10 failures in 15 minutes pause sign-in for the account with 429 and Retry-After, even with the right password', async () => {
    const { signIn, clock } = await setup()
    for (let i = 0; i < 10; i++) expect((await signIn('ann@acme.test', `wrong ${i}`)).status).toBe(401)
    const paused = await signIn('ann@acme.test', PASSWORD)
    expect(paused.status).toBe(429)
    expect(paused.body.error.code).toBe('too_many_attempts')
    expect(Number(paused.headers.get('retry-after'))).toBe(15 * 60)
    // The sign-in form shows the message: it says how long to wait, not "later".
    expect(paused.body.error.message).toBe('too many failed sign-ins; try again in 15 min')
    advance(clock, 14 * 60_000 + 30_000)
    expect((await signIn('ann@acme.test', PASSWORD)).body.error.message).toBe(
      'too many failed sign-ins; try again in 1 min',
    )
    // The same for an address that does not exist: the pause says nothing about which accounts exist.
    for (let i = 0; i < 10; i++) await signIn('ghost@acme.test', `wrong ${i}`)
    expect((await signIn('ghost@acme.test', 'anything at all')).status).toBe(429)
    advance(clock, 30_000 + 1000)
    expect((await signIn('ann@acme.test', PASSWORD)).status).toBe(200)
  })

  test('10 failures from one address pause sign-in from it, whichever accounts were tried', async () => {
    const { deps, call } = await setup()
    await createUser(deps, { team: 'acme', email: 'cy@acme.test', role: 'member', password: PASSWORD })
    // In-process requests have no socket, so every one comes from the same (unknown) address.
    for (let i = 0; i < 10; i++)
      await call('POST', '/console/api/session', { body: { email: `user${i}@acme.test`, password: 'guess' } })
    const paused = await call('POST', '/console/api/session', { body: { email: 'cy@acme.test', password: PASSWORD } })
    expect(paused.status).toBe(429)
    expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  test('signing out ends the session on the server: the old cookie opens nothing', async () => {
    const { signIn, call, cookieOf } = await setup()
    const cookie = cookieOf(await signIn('ann@acme.test', PASSWORD))
    expect((await call('GET', '/console/api/me', { headers: { cookie } })).status).toBe(200)
    const out = await call('DELETE', '/console/api/session', { headers: { cookie } })
    expect(out.headers.get('set-cookie')).toContain('Expires=Thu, 01 Jan 1970')
    const after = await call('GET', '/console/api/me', { headers: { cookie } })
    expect(after.status).toBe(401)
    expect(after.body.error.code).toBe('not_signed_in')
  })

  test('a session expires after a week', async () => {
    const { signIn, call, cookieOf, clock } = await setup()
    const cookie = cookieOf(await signIn('ann@acme.test', PASSWORD))
    advance(clock, 7 * 24 * 3_600_000 - 1000)
    expect((await call('GET', '/console/api/me', { headers: { cookie } })).status).toBe(200)
    advance(clock, 2000)
    expect((await call('GET', '/console/api/me', { headers: { cookie } })).status).toBe(401)
  })

  test('a change from another site is refused before anything else, and changes nothing', async () => {
    const { signIn, call, cookieOf, deps, team } = await setup()
    const cookie = cookieOf(await signIn('ann@acme.test', PASSWORD))
    const attempts: Record<string, string>[] = [
      { cookie, 'sec-fetch-site': 'cross-site' },
      { cookie, 'sec-fetch-site': '', origin: 'https://evil.example' },
      { cookie, 'sec-fetch-site': '' },
    ]
    for (const headers of attempts) {
      const res = await call('POST', '/console/api/keywords', { body: { keyword: 'stolen' }, headers })
      expect(res.status).toBe(403)
      expect(res.body.error.code).toBe('forbidden')
    }
    const fromOrigin = await call('POST', '/console/api/keywords', {
      body: { keyword: 'kept' },
      headers: { cookie, 'sec-fetch-site': '', origin: 'http://localhost', host: 'localhost' },
    })
    expect(fromOrigin.status).toBe(200)
    expect(await deps.repos.keywords.list(team.id)).toEqual(['kept'])
  })

  test('behind a proxy that rewrites Host, an Origin of server.public_url is this site, another scheme or host is not', async () => {
    const { signIn, call, cookieOf, deps, team } = await setup({
      config: { server: { public_url: 'https://Leads.Example.com:443' } },
    })
    const cookie = cookieOf(await signIn('ann@acme.test', PASSWORD))
    // nginx's default proxy_pass sends the upstream's address as Host; an older browser sends only Origin.
    const proxied = { cookie, 'sec-fetch-site': '', host: '127.0.0.1:8080' }
    for (const origin of ['http://leads.example.com', 'https://leads.example.com.evil.example', 'null']) {
      const res = await call('POST', '/console/api/keywords', {
        body: { keyword: 'stolen' },
        headers: { ...proxied, origin },
      })
      expect(res.status).toBe(403)
    }
    const res = await call('POST', '/console/api/keywords', {
      body: { keyword: 'kept' },
      headers: { ...proxied, origin: 'https://leads.example.com' },
    })
    expect(res.status).toBe(200)
    expect(await deps.repos.keywords.list(team.id)).toEqual(['kept'])
  })

  test('keys never open the console, sessions never call the API, and console reads are not counted', async () => {
    const { signIn, call, cookieOf, apiKey, deps, team } = await setup()
    expect((await call('GET', '/console/api/me', { headers: { 'x-api-key': apiKey } })).status).toBe(401)
    const cookie = cookieOf(await signIn('ann@acme.test', PASSWORD))
    expect((await call('GET', '/api/v1/usage', { headers: { cookie } })).status).toBe(401)
    const before = await usedCalls(deps, team.id)
    expect((await call('GET', '/console/api/signals', { headers: { cookie } })).status).toBe(200)
    expect((await call('GET', '/console/api/usage', { headers: { cookie } })).status).toBe(200)
    expect(await usedCalls(deps, team.id)).toBe(before)
  })

  test('the page at / allows only its own origin, and is there signed in or not', async () => {
    const { call, app } = await setup()
    const fetchPage = () => app.handle(new Request('http://localhost/'))
    const page = await call('GET', '/')
    expect(page.status).toBe(200)
    const policy = page.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("default-src 'self'")
    expect(policy).toContain("script-src 'self'")
    expect(policy).not.toContain('unsafe-inline')
    expect(policy).not.toMatch(/https?:\/\//)
    // Its files are named by content hash: kept for good, and gzipped for a browser that accepts it.
    const files = [...(await (await fetchPage()).text()).matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1])
    expect(files).toHaveLength(2)
    for (const file of files) {
      const res = await call('GET', file, { headers: { 'accept-encoding': 'gzip' } })
      expect(res.headers.get('content-encoding')).toBe('gzip')
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    }
  })
})

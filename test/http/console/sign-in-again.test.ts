// Signing in with a session cookie already in the browser ends that session on the server
// (docs/console.md#people-and-sessions): the cookie is replaced in the browser, and a copy of the old one (taken
// before, or kept by another program) opens nothing. A failed sign-in leaves the session as it was.
import { afterEach, describe, expect, test } from 'bun:test'
import { createUser } from '../../../src/domain/users/users'
import { oauthWorld, PASSWORD } from '../../support/oauth'

const SAME_SITE = { 'sec-fetch-site': 'same-origin' }
let stop: (() => void) | undefined
afterEach(() => stop?.())

describe('signing in again', () => {
  test('ends the session the browser had, as the same user or another; a failed attempt ends nothing', async () => {
    const w = await oauthWorld()
    stop = w.stop
    await createUser(w.deps, { team: 'acme', email: 'bob@acme.test', role: 'member', password: PASSWORD })
    const signIn = async (email: string, password: string, cookie?: string) => {
      const res = await fetch(`${w.base}/console/api/session`, {
        method: 'POST',
        headers: { ...SAME_SITE, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ email, password }),
      })
      return { status: res.status, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] }
    }
    const me = async (cookie: string) => {
      const res = await fetch(`${w.base}/console/api/me`, { headers: { ...SAME_SITE, cookie } })
      return { status: res.status, email: res.status === 200 ? ((await res.json()) as any).user.email : undefined }
    }

    const first = await signIn('ann@acme.test', PASSWORD)
    expect(await me(first.cookie)).toEqual({ status: 200, email: 'ann@acme.test' })
    const again = await signIn('ann@acme.test', PASSWORD, first.cookie)
    expect(again.status).toBe(200)
    expect(again.cookie).not.toBe(first.cookie)
    expect((await me(first.cookie)).status).toBe(401)
    expect(await me(again.cookie)).toEqual({ status: 200, email: 'ann@acme.test' })

    const failed = await signIn('bob@acme.test', 'not the password', again.cookie)
    expect(failed.status).toBe(401)
    expect(await me(again.cookie)).toEqual({ status: 200, email: 'ann@acme.test' })

    const bob = await signIn('bob@acme.test', PASSWORD, again.cookie)
    expect(bob.status).toBe(200)
    expect((await me(again.cookie)).status).toBe(401)
    expect(await me(bob.cookie)).toEqual({ status: 200, email: 'bob@acme.test' })
  })
})

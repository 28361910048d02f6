// docs/console.md#sign-in: an attempt is counted before its password is checked, in one statement, so 200 parallel
// wrong passwords for one account check at most the limit (10), whatever their addresses.
import { describe, expect, test } from 'bun:test'
import { signIn } from '../../src/domain/sessions/sessions'
import { MAX_FAILURES } from '../../src/domain/sessions/throttle'
import { createUser } from '../../src/domain/users/users'
import { AppError } from '../../src/errors'
import { seedTeam, testDeps } from '../support/deps'

async function world() {
  const { deps } = await testDeps()
  await seedTeam(deps, { name: 'acme' })
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: 'correct horse battery' })
  let checked = 0
  const findByEmail = deps.repos.users.findByEmail.bind(deps.repos.users)
  // The password is checked right after the account is looked up: each lookup is one password checked.
  deps.repos.users.findByEmail = (email: string) => {
    checked++
    return findByEmail(email)
  }
  return { deps, checked: () => checked }
}

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p
    return 'signed in'
  } catch (err) {
    return err instanceof AppError ? err.kind : String(err)
  }
}

describe('parallel sign-in attempts', () => {
  test('200 at once for one account: at most the limit checked, the rest 429', async () => {
    const w = await world()
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        codeOf(
          signIn(w.deps, { email: 'ann@acme.test', password: `guess ${i}`, address: `10.0.${i >> 8}.${i & 255}` }),
        ),
      ),
    )
    expect(w.checked()).toBeLessThanOrEqual(MAX_FAILURES)
    expect(outcomes.filter((o) => o === 'invalid_credentials').length).toBe(w.checked())
    expect(outcomes.filter((o) => o === 'too_many_attempts').length).toBe(200 - w.checked())
  })

  test('200 at once from one address over many accounts: at most the limit checked', async () => {
    const w = await world()
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        codeOf(signIn(w.deps, { email: `user${i}@acme.test`, password: 'x', address: '203.0.113.7' })),
      ),
    )
    expect(w.checked()).toBeLessThanOrEqual(MAX_FAILURES)
    expect(outcomes.filter((o) => o === 'too_many_attempts').length).toBeGreaterThanOrEqual(200 - MAX_FAILURES)
  })

  test('a right password is not held back by its own attempt: the attempt is taken back', async () => {
    const w = await world()
    for (let i = 0; i < 12; i++)
      expect(
        await codeOf(
          signIn(w.deps, { email: 'ann@acme.test', password: 'correct horse battery', address: '198.51.100.1' }),
        ),
      ).toBe('signed in')
  })
})

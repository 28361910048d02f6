// The console's Undo (docs/console.md#verdicts) across real `serve` processes on one database file: the record of what
// a signal was before a 👎 is the database's, so an Undo works on another executable and after a restart, and two Undos
// sent at once to two executables put the signal back once (docs/operations.md#several-executables-on-sqld).
import { afterEach, describe, expect, test } from 'bun:test'
import { startSqld } from '../../scripts/sqld'
import { createUser } from '../../src/domain/users/users'
import { crmSignals } from '../support/crm-signals'
import { seedTeam } from '../support/deps'
import { processWorld, seedDatabase, serveChild, urlOf } from './child'

const cleanup: (() => unknown)[] = []
afterEach(() => {
  while (cleanup.length) cleanup.pop()?.()
})

const OWNER = { email: 'ann@acme.test', password: 'correct horse battery' }
const SAME = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }

/**
 * A database file (or `dbUrl`'s) with team acme, four "crm" signals and its owner; the console's calls on any server's
 * address.
 */
async function world(dbUrl?: string) {
  const config = { server: { host: '127.0.0.1', port: 0 }, scorer: { backend: 'rules' }, polling: { enabled: false } }
  const w = processWorld(config, dbUrl)
  cleanup.push(() => w.cleanup())
  await seedDatabase(w, config, async (deps) => {
    const { team } = await seedTeam(deps, { name: 'acme' })
    await deps.repos.signals.insertMany(team.id, crmSignals(team.id, 4))
    await createUser(deps, { team: 'acme', role: 'owner', ...OWNER })
  })
  const serve = async () => {
    const child = serveChild(w, cleanup)
    return { child, url: await urlOf(child) }
  }
  let cookie = ''
  const call = async (url: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}/console/api${path}`, {
      method,
      headers: { ...SAME, cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as any }
  }
  const signIn = async (url: string) => {
    const res = await fetch(`${url}/console/api/session`, {
      method: 'POST',
      headers: SAME,
      body: JSON.stringify(OWNER),
    })
    expect(res.status).toBe(200)
    cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] as string
  }
  /** 👎 on `url`: the body its Undo sends back. */
  const notRelevant = async (url: string, id: string) => {
    const judged = await call(url, 'POST', `/signals/${id}/feedback`, { verdict: 'not_relevant' })
    expect(judged.status).toBe(200)
    return { ...judged.body.before, undoes: judged.body.judgedAt }
  }
  const listed = async (url: string) =>
    ((await call(url, 'GET', '/signals?limit=100')).body.signals as { id: string }[]).map((s) => s.id)
  return { serve, call, signIn, notRelevant, listed }
}

/** A 👎 on one server undone on the other; then each signal's Undo sent to both at once: it is put back once. */
async function undoneOnceAcross(w: Awaited<ReturnType<typeof world>>) {
  const { serve, call, signIn, notRelevant, listed } = w
  const [a, b] = await Promise.all([serve(), serve()])
  await signIn(a.url)
  const undo = await notRelevant(a.url, 'sig_000')
  expect(await listed(b.url)).not.toContain('sig_000')
  const there = await call(b.url, 'POST', '/signals/sig_000/feedback/undo', undo)
  expect(there.status).toBe(200)
  expect(there.body).toMatchObject({ signalId: 'sig_000', verdict: null, dismissed: false })
  expect(await listed(a.url)).toContain('sig_000')
  // Three signals, each 👎 on one server, then its Undo sent to both at the same moment.
  for (const id of ['sig_001', 'sig_002', 'sig_003']) {
    const body = await notRelevant(id === 'sig_002' ? b.url : a.url, id)
    const both = await Promise.all([a.url, b.url].map((url) => call(url, 'POST', `/signals/${id}/feedback/undo`, body)))
    expect(both.map((r) => r.status).sort()).toEqual([200, 404])
    const refused = both.find((r) => r.status === 404)
    expect(refused?.body.error.code).toBe('not_found')
    expect(refused?.body.error.message).toContain('reload the page')
    expect(await listed(b.url)).toContain(id)
  }
}

describe('Undo on several executables sharing one database', () => {
  test('a 👎 given on one server is undone on another, and two Undos sent at once put it back once', async () => {
    await undoneOnceAcross(await world())
  }, 120_000)

  test('the same with both on one libSQL server (sqld)', async () => {
    const sqld = await startSqld()
    cleanup.push(() => sqld.stop())
    await undoneOnceAcross(await world(sqld.url))
  }, 120_000)

  test('a 👎 given before a restart is undone by the restarted server', async () => {
    const { serve, call, signIn, notRelevant, listed } = await world()
    const first = await serve()
    await signIn(first.url)
    const undo = await notRelevant(first.url, 'sig_001')
    first.child.proc.kill('SIGTERM')
    expect(await first.child.exited()).toBe(0)
    const again = await serve()
    expect(await listed(again.url)).not.toContain('sig_001')
    const undone = await call(again.url, 'POST', '/signals/sig_001/feedback/undo', undo)
    expect(undone.status).toBe(200)
    expect(undone.body).toMatchObject({ signalId: 'sig_001', verdict: null, dismissed: false })
    expect(await listed(again.url)).toContain('sig_001')
    // Once only, after the restart as before it.
    expect((await call(again.url, 'POST', '/signals/sig_001/feedback/undo', undo)).status).toBe(404)
  }, 120_000)
})

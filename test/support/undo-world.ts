// The console's Undo (docs/console.md#verdicts), for the tests of it: team acme with four "crm" signals, sig_003 stored
// after its author was muted, its owner signed in; through the console's routes and the API's, in-process.
import { expect } from 'bun:test'
import { createUser } from '../../src/domain/users/users'
import { crmSignals } from './crm-signals'
import { seedTeam, testDeps } from './deps'
import { client } from './http'

const PASSWORD = 'correct horse battery'

/**
 * Team acme with four "crm" signals and its owner signed in; sig_003 is stored after its author was muted. `config`:
 * more settings (a libSQL server's `database.url`).
 */
export async function undoWorld(config: NonNullable<Parameters<typeof testDeps>[0]>['config'] = {}) {
  const { deps, clock } = await testDeps({ config })
  const { team, apiKey } = await seedTeam(deps, { name: 'acme' })
  const crm = crmSignals(team.id, 4)
  await deps.repos.signals.insertMany(team.id, crm.slice(0, 3))
  const sql = 'select id from people where team_id = ? and author = ?'
  const person = String((await deps.database.client.execute({ sql, args: [team.id, 'author2'] })).rows[0]?.id)
  await deps.repos.people.setMuted(team.id, person, true)
  await deps.repos.signals.insertMany(team.id, [{ ...(crm[3] as (typeof crm)[number]), author: 'author2' }])
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  const call = client(deps)
  const same = { 'sec-fetch-site': 'same-origin' }
  const signIn = { email: 'ann@acme.test', password: PASSWORD }
  const session = await call('POST', '/console/api/session', { body: signIn, headers: same })
  const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] as string
  const consoleCall = (method: string, path: string, body?: unknown) =>
    call(method, `/console/api${path}`, { body, headers: { ...same, cookie } })
  const api = (method: string, path: string, body?: unknown) => call(method, `/api/v1${path}`, { body, key: apiKey })
  /** The signal as the API lists it (with include=dismissed), and whether the default list has it. */
  const state = async (id: string) => {
    const all = (await api('GET', '/signals?include=dismissed&limit=100')).body.signals as { id: string }[]
    const listed = (await api('GET', '/signals?limit=100')).body.signals as { id: string }[]
    const row = await deps.repos.signalFeedback.byId(team.id, id)
    return {
      verdict: all.find((s) => s.id === id) ? ((all.find((s) => s.id === id) as any).verdict ?? null) : 'gone',
      reason: row?.reason ?? null,
      judgedAt: row?.judgedAt ?? null,
      inList: listed.some((s) => s.id === id),
    }
  }
  /** 👎 in the console, then its Undo with what the verdict's answer said the signal was before. */
  const notRelevantThenUndo = async (id: string) => {
    const judged = await consoleCall('POST', `/signals/${id}/feedback`, { verdict: 'not_relevant' })
    expect(judged.status).toBe(200)
    expect((await state(id)).inList).toBe(false)
    return consoleCall('POST', `/signals/${id}/feedback/undo`, { ...judged.body.before, undoes: judged.body.judgedAt })
  }
  return { deps, clock, team, api, consoleCall, state, notRelevantThenUndo }
}

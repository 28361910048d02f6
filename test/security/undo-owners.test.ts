// Who can use the record an Undo restores (docs/console.md#verdicts): only the console user whose 👎 it takes back.
// Another member of the team, a user of another team, an API key or an OAuth token with `usage:read` (on the console's
// route or through rate_signal) neither restores it, nor reads what it holds, nor uses it up. On a real socket.
import { afterEach, describe, expect, test } from 'bun:test'
import { createUser } from '../../src/domain/users/users'
import { crmSignals } from '../support/crm-signals'
import { seedTeam } from '../support/deps'
import { postMcp } from '../support/mcp'
import { bearer, oauthWorld, obtainTokens, PASSWORD } from '../support/oauth'

let stop: (() => void) | undefined
afterEach(() => stop?.())

const SAME = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }

async function world() {
  const w = await oauthWorld()
  stop = w.stop
  await w.deps.repos.signals.insertMany(w.team.id, crmSignals(w.team.id, 2))
  await createUser(w.deps, { team: 'acme', email: 'bob@acme.test', role: 'member', password: PASSWORD })
  await seedTeam(w.deps, { name: 'bravo' })
  await createUser(w.deps, { team: 'bravo', email: 'cy@bravo.test', role: 'owner', password: PASSWORD })
  const post = async (path: string, body: unknown, headers: Record<string, string>) => {
    const res = await fetch(`${w.base}${path}`, {
      method: 'POST',
      headers: { ...SAME, ...headers },
      body: JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as any }
  }
  const ann = { cookie: await w.signIn() }
  const judged = await post(
    '/console/api/signals/sig_000/feedback',
    { verdict: 'not_relevant', reason: 'a vendor' },
    ann,
  )
  expect(judged.status).toBe(200)
  const undo = { ...judged.body.before, undoes: judged.body.judgedAt }
  const undoAs = (headers: Record<string, string>) => post('/console/api/signals/sig_000/feedback/undo', undo, headers)
  const verdict = async () => (await w.deps.repos.signalFeedback.byId(w.team.id, 'sig_000'))?.verdict ?? null
  return { ...w, post, ann, undoAs, verdict }
}

describe("the record of ann's 👎, which only her Undo restores", () => {
  test('another member of her team is refused as for an unknown record, and her own Undo still works', async () => {
    const { signIn, ann, undoAs, verdict } = await world()
    const bob = await undoAs({ cookie: await signIn('bob@acme.test') })
    expect(bob.status).toBe(404)
    expect(bob.body.error.code).toBe('not_found')
    expect(JSON.stringify(bob.body)).not.toContain('vendor')
    expect(await verdict()).toBe('not_relevant')
    expect((await undoAs(ann)).status).toBe(200)
    expect(await verdict()).toBeNull()
  })

  test("another team's user, an API key or a usage:read token cannot use it; rate_signal with that token stores none", async () => {
    const w = await world()
    const cy = await w.undoAs({ cookie: await w.signIn('cy@bravo.test') })
    expect(cy.status).toBe(404)
    expect(cy.body.error.code).toBe('not_found')
    const narrow = await obtainTokens(w, { scope: 'usage:read' })
    for (const headers of [{ 'x-api-key': w.apiKey }, bearer(narrow.access_token)]) {
      const refused = await w.undoAs(headers)
      expect(refused.status).toBe(401)
      expect(refused.body.error.code).toBe('not_signed_in')
    }
    const rate = { name: 'rate_signal', arguments: { id: 'sig_001', verdict: 'not_relevant' } }
    const message = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: rate })
    const mcp = await postMcp(`${w.base}/mcp`, message, {
      ...bearer(narrow.access_token),
      'mcp-protocol-version': '2025-11-25',
    })
    expect(mcp.status).toBe(403)
    const stored = await w.deps.database.client.execute('select signal_id from verdict_undos')
    expect(stored.rows.map((r) => r.signal_id)).toEqual(['sig_000'])
    expect(await w.verdict()).toBe('not_relevant')
    expect((await w.undoAs(w.ann)).status).toBe(200)
    expect(await w.verdict()).toBeNull()
  })
})

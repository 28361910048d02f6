import { describe, expect, test } from 'bun:test'
import { createApp } from '../../src/app'
import { seedTeam, testDeps } from '../support/deps'
import { hostileSignals } from '../support/exports'

// docs/api.md#export: the CSV is UTF-8 without a byte order mark, which Excel opened by a double-click reads as the
// system's code page (accents and emoji garbled). `bom=true` is the opt-in for a file meant for Excel; the default
// bytes stay as they were, and JSON Lines never gets one.
async function setup() {
  const { deps } = await testDeps({ config: { plans: { endless: { monthly_requests: 'unlimited' } } } })
  const { team, apiKey } = await seedTeam(deps, { plan: 'endless' })
  await deps.repos.signals.insertMany(team.id, hostileSignals(team.id))
  const app = createApp(deps)
  const bytes = async (path: string) => {
    const r = await app.handle(new Request(`http://localhost${path}`, { headers: { 'x-api-key': apiKey } }))
    return { status: r.status, bytes: new Uint8Array(await r.arrayBuffer()) }
  }
  return { bytes }
}

const BOM = [0xef, 0xbb, 0xbf]
const start = (b: Uint8Array) => [...b.slice(0, 3)]

describe('the CSV exports with bom=true', () => {
  for (const path of ['/api/v1/signals/export', '/api/v1/people/export'])
    test(`${path}: a byte order mark before the header with bom=true, none by default nor in JSON Lines`, async () => {
      const { bytes } = await setup()
      const plain = await bytes(`${path}?format=csv`)
      const marked = await bytes(`${path}?format=csv&bom=true`)
      expect([plain.status, marked.status]).toEqual([200, 200])
      expect(start(plain.bytes)).not.toEqual(BOM)
      expect(start(marked.bytes)).toEqual(BOM)
      // The same file after the mark.
      expect(marked.bytes.slice(3)).toEqual(plain.bytes)
      expect(start((await bytes(`${path}?format=jsonl&bom=true`)).bytes)).not.toEqual(BOM)
      expect((await bytes(`${path}?bom=yes`)).status).toBe(400)
    })
})

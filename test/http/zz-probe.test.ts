import { test } from 'bun:test'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
test('probe', async () => {
  const { deps } = await testDeps()
  const { apiKey } = await seedTeam(deps)
  const call = client(deps)
  for (const q of [
    '?intent=ACTIVE&intent=PAIN',
    '?minScore=1e1',
    '?minScore=0x5',
    '?minScore=%205',
    '?minScore=5.',
    '?since=2026-12-31T23:59:60Z',
    '?since=2026-01-01T24:00:00Z',
    '?since=9999-12-31',
    '?since=2026-01-01T00:00:00%2B14:00',
    '?since=2026-01-01T00:00:00-12:00',
    '?since=2026-01-01T00:00:00%2B15:00',
    '?since=+275760-09-13',
    '?limit=1&limit=2',
    '?keyword=a&keyword=b',
    '?since=2026-01-01T00:00Z',
    '?since=2026-01-01t00:00:00z',
    '?since=2026-01-01%2000:00:00Z',
    '?limit=07',
    '?offset=1e3',
    '?keyword=%00',
    '?since=0000-01-01',
    '?include=dismissed&include=dismissed',
  ]) {
    const r = await call('GET', `/api/v1/signals${q}`, { key: apiKey })
    console.log(q, r.status, JSON.stringify(r.body).slice(0, 220))
  }
})

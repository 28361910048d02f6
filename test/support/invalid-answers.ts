// Run as its own process (`bun test/support/invalid-answers.ts`): answers a set of invalid requests through the app
// and prints them as one JSON line, so a test can compare what NODE_ENV=production and development answer.
import { createApp } from '../../src/app'
import { seedTeam, testDeps } from './deps'
import { removeTestDatabases } from './test-database'

const { deps } = await testDeps({ config: { server: { max_body_bytes: 2_000_000 } } })
const { apiKey } = await seedTeam(deps)
const app = createApp(deps)
const nested = (depth: number, inner = '') => '['.repeat(depth) + inner + ']'.repeat(depth)
const requests: [string, string, string][] = [
  ['POST', '/api/v1/leads/score', nested(20_000)],
  ['POST', '/api/v1/leads/score', `{"content": ${nested(59, Array(300_000).fill('0').join(','))}}`],
  ['POST', '/api/v1/mentions/search', '{"keyword": 5, "platform": "myspace", "extra": [[[1]]]}'],
  ['POST', '/api/routes/search', '[{"network": "reddit"}]'],
  ['GET', '/api/v1/signals?limit=0&intent=HOT&x=1', ''],
]
const answers = []
for (const [method, path, body] of requests) {
  const res = await app.handle(
    new Request(`http://localhost${path}`, {
      method,
      body: body || undefined,
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    }),
  )
  answers.push({ path, status: res.status, body: await res.text() })
}
console.log(JSON.stringify(answers))
// Run as its own process, outside `bun test`: the sqld it may have started (npm run test:sqld) stops with it.
await removeTestDatabases()

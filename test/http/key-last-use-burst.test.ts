// docs/api.md: a key's last use is written at most once a minute. Requests that arrive together all read the key
// before the first of them has written its use, and each wrote it again: on a libSQL server, where writes go one at a
// time (docs/performance.md#one-write-at-a-time-on-sqld), 20 requests at once queued 20 updates of one row ahead of the
// server's other background writes (leases among them), a round trip each. A real sqld behind the relay
// (test/support/slow-proxy.ts), the writes read as they reach it (test/support/pipelines.ts).
import { expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../support/deps'
import { client } from '../support/http'
import { pipelines } from '../support/pipelines'
import { slowSqld } from '../support/slow-proxy'

const sent = pipelines()
const { proxy } = await slowSqld(50, sent.connection)

const touches = () =>
  sent.writes().filter((sqls) => sqls.some((s) => /^update "api_keys" set "last_used_at"/i.test(s))).length

test("requests that arrive together write their key's last use once, and a minute later once again", async () => {
  const { deps, clock } = await testDeps({ config: { database: { url: proxy.url } } })
  const { apiKey } = await seedTeam(deps)
  const call = client(deps)
  const burst = async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('GET', '/api/v1/usage', { key: apiKey })))
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200))
  }
  // Until the writes queued by the burst reached the server.
  const settled = async () => {
    await deps.database.client.execute("UPDATE teams SET name = name WHERE id = 'none'")
  }
  await burst()
  await settled()
  expect(touches()).toBe(1)
  clock.set(new Date(clock.now().getTime() + 61_000))
  await burst()
  await settled()
  expect(touches()).toBe(2)
  const keys = await deps.repos.apiKeys.listForTeam((await deps.repos.teams.list())[0].id)
  expect(keys[0].lastUsedAt).toBe(clock.now().toISOString())
  deps.database.client.close()
}, 60_000)

// docs/architecture.md#the-order-of-writes-on-a-libsql-server: a failed call's give-back is the call's own write, so
// on a libSQL server it goes before the background writes queued ahead of it, as the quota's group commit does. A real
// sqld behind the relay (test/support/slow-proxy.ts), the writes read in the order they reach it.
import { expect, test } from 'bun:test'
import { takeUnit } from '../../../src/domain/quota/order'
import { seedTeam, testDeps } from '../../support/deps'
import { pipelines } from '../../support/pipelines'
import { slowSqld } from '../../support/slow-proxy'

const sent = pipelines()
const { proxy } = await slowSqld(100, sent.connection)

const MONTH = '2026-11'

test("a failed call's give-back goes before the background writes queued ahead of it", async () => {
  const { deps } = await testDeps({
    config: {
      database: { url: proxy.url },
      plans: { small: { api_access: true, monthly_requests: 2, platforms: [] } },
    },
  })
  const { team } = await seedTeam(deps, { plan: 'small' })
  await deps.repos.usage.rollOver(team.id, MONTH, 0)
  const taken = (await takeUnit(deps.repos.usage, team.id, MONTH, 2, new Date('2026-11-15T12:00:00.000Z')))!
  const client = deps.database.client
  await client.execute('CREATE TABLE background_writes (n INTEGER)')
  const from = sent.writes().length
  const insert = (n: number) => client.execute({ sql: 'INSERT INTO background_writes VALUES (?)', args: [n] })
  // The first is on its way (the relay has its bytes) before the other two are queued, and the give-back after them.
  const background = [insert(1)]
  while (sent.writes().length === from) await Bun.sleep(5)
  background.push(insert(2), insert(3))
  await deps.repos.usage.giveBack(taken)
  await Promise.all(background)
  const order = sent
    .writes()
    .slice(from)
    .map((sqls) => (sqls.some((s) => s.includes('take_receipts')) ? 'give-back' : 'background'))
  expect(order).toEqual(['background', 'give-back', 'background', 'background'])
  const row = (await client.execute(`SELECT quota_used FROM teams WHERE id = '${team.id}'`)).rows[0]
  expect(Number(row.quota_used)).toBe(0)
  deps.database.client.close()
}, 60_000)

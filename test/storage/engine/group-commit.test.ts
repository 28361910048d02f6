import { expect, test } from 'bun:test'
import { createGroupCommit } from '../../../src/storage/engine/group-commit'
import { createLocalClient } from '../../../src/storage/engine/local-client'

async function setup() {
  const client = createLocalClient(':memory:', { lockWaitMs: 100 })
  await client.execute('create table t (id integer primary key, n integer not null check (n >= 0))')
  await client.execute('insert into t values (1, 0)')
  const batches: number[] = []
  const batch = client.batch.bind(client)
  client.batch = (stmts, mode) => {
    batches.push(stmts.length)
    return batch(stmts, mode)
  }
  return { client, group: createGroupCommit(client), batches }
}

test('writes queued in one turn share one transaction and apply in queue order, each with its own result', async () => {
  const { client, group, batches } = await setup()
  const results = await Promise.all(
    Array.from({ length: 10 }, () =>
      group.execute({ sql: 'update t set n = n + 1 where id = 1 returning n', args: [] }),
    ),
  )
  expect(results.map((r) => r.rows[0][0])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
  expect(batches).toEqual([10])
  expect((await client.execute('select n from t')).rows[0][0]).toBe(10)
})

test('a statement that fails fails alone; the others of its group still apply', async () => {
  const { client, group } = await setup()
  const outcomes = await Promise.allSettled([
    group.execute({ sql: 'update t set n = n + 1 where id = 1', args: [] }),
    group.execute({ sql: 'update t set n = n - 5 where id = 1', args: [] }),
    group.execute({ sql: 'update t set n = n + 1 where id = 1 returning n', args: [] }),
  ])
  expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
  expect((await client.execute('select n from t')).rows[0][0]).toBe(2)
})

test('a write alone runs without a batch', async () => {
  const { group, batches } = await setup()
  expect((await group.execute({ sql: 'update t set n = n + 1 where id = 1 returning n', args: [] })).rows[0][0]).toBe(1)
  expect(batches).toEqual([])
})

test('writes queued while a group is being written wait for it, then go together as the next group', async () => {
  const { client, group, batches } = await setup()
  const batch = client.batch.bind(client)
  // The first group's write is held until every later write is queued, so a loaded machine cannot end it early.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  client.batch = async (stmts, mode) => {
    await held
    return batch(stmts, mode)
  }
  const add = () => group.execute({ sql: 'update t set n = n + 1 where id = 1 returning n', args: [] })
  const first = [add(), add()]
  // Queued over several later turns of the event loop, all while the first group is being written.
  const later: Promise<unknown>[] = []
  for (let i = 0; i < 3; i++) {
    await Bun.sleep(5)
    later.push(add(), add())
  }
  release()
  await Promise.all([...first, ...later])
  expect(batches).toEqual([2, 6])
  expect((await client.execute('select n from t')).rows[0][0]).toBe(8)
})

import { expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { openDatabase } from '../../src/storage/db'
import { sqld } from '../support/test-database'

// `bun test` kills the processes a test started when that test times out, the test process's sqld among them if that
// test started it (test/support/test-database.ts): the tests after it must get a server that answers.
test("a test process's sqld that was killed is started anew for the next database", async () => {
  const first = await sqld()
  expect(await sqld()).toBe(first)
  // As bun test does, and asked for again before the process object can have heard of the exit: no turn of the event
  // loop between the process's end and the next database.
  process.kill(first.process.pid, 'SIGKILL')
  const until = performance.now() + 5000
  while (!exitedNow(first.process.pid) && performance.now() < until) {}
  expect(first.process.exitCode ?? first.process.signalCode).toBeNull()
  const second = await sqld()
  expect(second).not.toBe(first)
  const { client } = await openDatabase({ url: await second.createNamespace('after') })
  expect((await client.execute('SELECT 1 AS one')).rows[0].one).toBe(1)
  client.close()
})

/** A process that has ended and not yet been collected by its parent is a zombie (state Z) in /proc. */
const exitedNow = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z')

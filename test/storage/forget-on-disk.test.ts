// docs/people.md#forget: what a forget removes is overwritten in the database file, not only unlinked from it: SQLite
// leaves a removed row's bytes in its page until the page is reused, where anyone holding the file could read them.
import { afterEach, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { forgetPerson } from '../../src/domain/people/forget'
import { seedTeam, testDeps } from '../support/deps'
import { signalRow, storeSignals } from '../support/webhooks'

const dirs: string[] = []
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop() as string, { recursive: true, force: true })
})

test("a forgotten person's name and posts are not left in the database file", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ls-forget-disk-'))
  dirs.push(dir)
  const file = join(dir, 'lead-signals.db')
  const { deps } = await testDeps({ config: { database: { url: `file:${file}` } } })
  const { team } = await seedTeam(deps)
  const others = Array.from({ length: 40 }, (_, i) => signalRow(team.id, { author: `someone_${i}` }))
  const theirs = signalRow(team.id, {
    author: 'zq_forget_me',
    preview: 'Quartzwing ledger wanted by Zq',
    contentFull: 'Quartzwing ledger wanted by Zq, for our team of eight.',
  })
  await storeSignals(deps, [...others.slice(0, 20), theirs, ...others.slice(20)])
  const [person] = (
    await deps.database.client.execute({ sql: "select id from people where author = 'zq_forget_me'", args: [] })
  ).rows
  await forgetPerson(deps, team.id, String(person?.id))
  // Whatever the log still holds is moved into the file and the log cut, as a checkpoint does in time.
  await deps.database.client.execute('PRAGMA wal_checkpoint(TRUNCATE)')

  const bytes = readFileSync(file).toString('latin1')
  // Booleans, not the file: a failure would print megabytes of it.
  expect(['someone_7', 'zq_forget_me', 'Quartzwing'].map((word) => bytes.includes(word))).toEqual([true, false, false])
  deps.database.client.close()
})

// What the console says of a polling pass whose `serve` was killed mid-way (docs/console.md#getting-started): its
// process can no longer renew the polling lease, which stays in the database until polling.lease_seconds pass. The
// console read any unexpired lease as a pass running, so for that minute (an hour at most) a second server on the same
// database said "A polling pass is running now" of a pass that had stopped.
import { afterEach, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { POLL_LEASE } from '../../src/domain/leases/polling-pass'
import { createUser } from '../../src/domain/users/users'
import { fakePlatforms } from '../support/fake-platforms'
import { seedTeam } from '../support/deps'
import { type Child, type ProcessWorld, processWorld, rows, seedDatabase, spawnChild, until } from './child'

const cleanup: (() => unknown)[] = []
afterEach(() => {
  while (cleanup.length) cleanup.pop()?.()
})

const OWNER = { email: 'ann@acme.test', password: 'correct horse battery' }

type PollingAnswer = {
  passRunning: boolean
  stoppedPass: { lastRenewedAt: string; heldUntil: string | null } | null
}

/** `serve` in `world` with the configuration file `configFile`, once it listens: its address. */
async function serve(world: ProcessWorld, configFile: string) {
  const child = spawnChild({ ...world, configArgs: ['--config', configFile] }, ['serve'])
  cleanup.push(() => child.proc.kill('SIGKILL'))
  await child.waitForOutput('the listening line', (o) => o.stdout.includes('"event":"listening"'))
  return { child, url: /"url":"([^"]+)"/.exec(child.stdout())![1] }
}

/** The console's answer on `url` for the signed-in owner: what its Getting started reads of polling. */
async function pollingOn(url: string, cookie: string): Promise<PollingAnswer> {
  const res = await fetch(`${url}/console/api/polling`, { headers: { cookie } })
  expect(res.status).toBe(200)
  return (await res.json()) as PollingAnswer
}

describe('a serve killed in the middle of a polling pass', () => {
  test('a second server on the database says the pass stopped, not that it runs, while its lease is left', async () => {
    const platforms = fakePlatforms()
    cleanup.push(() => platforms.stop())
    platforms.add('hackernews', 'crm', { id: '1', author: 'ann', text: 'Which CRM?', at: '2026-11-15T10:00:00.000Z' })
    // The search is answered after 8 s (within the platforms' 10 s time limit): the pass is in the middle of it.
    platforms.slow(8000)
    const config = {
      server: { host: '127.0.0.1', port: 0 },
      scorer: { backend: 'rules' },
      // A pass each second, the first as soon as the server has started.
      polling: { schedule: '* * * * * *' },
      platforms: platforms.platformsConfig,
    }
    const world = processWorld(config)
    cleanup.push(() => world.cleanup())
    await seedDatabase(world, config, async (deps) => {
      const { team } = await seedTeam(deps, { name: 'acme', plan: 'growth' })
      await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
      await createUser(deps, { team: 'acme', role: 'owner', ...OWNER })
    })
    // The reader: same database, a schedule that does not come during the test, so the lease it reads is the other's.
    const readerConfig = world.file(
      'reader.toml',
      (await Bun.file(join(world.dir, world.configArgs[1])).text()).replace('* * * * * *', '0 0 1 1 *'),
    )
    const reader = await serve(world, readerConfig)
    const signedIn = await fetch(`${reader.url}/console/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify(OWNER),
    })
    expect(signedIn.status).toBe(200)
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]

    const poller: { child: Child } = await serve(world, world.configArgs[1])
    await until('a search of the pass in flight', () => platforms.searches.length > 0)
    // While the pass runs, the reader says so.
    const before = await pollingOn(reader.url, cookie)
    expect(before.passRunning).toBe(true)

    poller.child.proc.kill('SIGKILL')
    expect(await poller.child.exited()).toBeNull()
    // The lease is left behind: nothing released it.
    expect(await rows(world, `select name from job_leases where name = '${POLL_LEASE}'`)).toHaveLength(1)
    const after = await pollingOn(reader.url, cookie)
    expect(after.passRunning).toBe(false)
    // Its process is gone on this machine: the next pass takes the lease over at once, so nothing holds it until then.
    expect(after.stoppedPass).toEqual({ lastRenewedAt: expect.any(String), heldUntil: null })
    expect(Date.now() - Date.parse(after.stoppedPass!.lastRenewedAt)).toBeLessThan(60_000)
    expect(before.stoppedPass).toBeNull()
  }, 60_000)
})

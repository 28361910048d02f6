// What a server remembers of a key never outlives a change to it (docs/performance.md#cached-keys): a revoked key is
// refused at once by every running executable, whichever process revoked it, and a call counted by one server shows
// at once in another's usage report; with two servers and the CLI on one database file, and on one libSQL server.
import { afterAll, describe, expect, test } from 'bun:test'
import { startSqld } from '../../scripts/sqld'
import { seedTeam } from '../support/deps'
import { type Child, type ProcessWorld, processWorld, runChild, seedDatabase, spawnChild } from './child'

const sqld = await startSqld({ namespaces: true })
// The servers of a database kind serve both of its tests (started on first use): each test has a team of its own,
// so neither sees what the other did. Started per test, the eight servers were most of the file's CPU.
const cleanup: (() => unknown)[] = []
afterAll(async () => {
  while (cleanup.length) cleanup.pop()?.()
  await sqld.stop()
})

const config = {
  server: { host: '127.0.0.1', port: 0 },
  scorer: { backend: 'rules' },
  polling: { enabled: false },
}

async function serve(world: ProcessWorld): Promise<string> {
  const child: Child = spawnChild(world, ['serve'])
  cleanup.push(() => child.proc.kill('SIGKILL'))
  await child.waitForOutput('the listening line', (o) => o.stdout.includes('"event":"listening"'))
  return /"url":"([^"]+)"/.exec(child.stdout())![1].replace(/\/$/, '')
}

const statusOf = async (url: string, key: string) =>
  (await fetch(`${url}/api/v1/usage`, { headers: { 'x-api-key': key } })).status

/** Two servers on `world`'s database, with team acme for the revocation and team beta for the count. */
async function twoServersOn(world: ProcessWorld) {
  cleanup.push(() => world.cleanup())
  const keys = await seedDatabase(world, config, async (deps) => ({
    acme: (await seedTeam(deps, { name: 'acme' })).apiKey,
    beta: (await seedTeam(deps, { name: 'beta' })).apiKey,
  }))
  return { world, keys, urls: [await serve(world), await serve(world)] }
}
const once = <T>(make: () => Promise<T>) => {
  let made: Promise<T> | undefined
  return () => (made ??= make())
}
const onFile = once(() => twoServersOn(processWorld(config)))
const onSqld = once(async () => twoServersOn(processWorld(config, await sqld.createNamespace('shared'))))
type Servers = Awaited<ReturnType<typeof twoServersOn>>

async function revokedEverywhereAtOnce({ world, keys, urls }: Servers) {
  const apiKey = keys.acme
  // Each server has answered the key many times before it is revoked.
  for (const url of urls) for (let i = 0; i < 50; i++) expect(await statusOf(url, apiKey)).toBe(200)
  const revoked = await runChild(world, ['key', 'revoke', '--team', 'acme', apiKey])
  expect(revoked.code).toBe(0)
  // The first request after the revocation, on either server, is refused.
  for (const url of urls) expect(await statusOf(url, apiKey)).toBe(401)
}

const usedOf = async (url: string, key: string) =>
  (
    (await (await fetch(`${url}/api/v1/usage`, { headers: { 'x-api-key': key } })).json()) as {
      usage: { used: number }
    }
  ).usage.used

async function countedEverywhereAtOnce({ keys, urls: [first, second] }: Servers) {
  const apiKey = keys.beta
  const before = await usedOf(first, apiKey)
  for (let i = 0; i < 50; i++) expect(await usedOf(first, apiKey)).toBe(before)
  const counted = await fetch(`${second}/api/v1/signals`, { headers: { 'x-api-key': apiKey } })
  expect(counted.status).toBe(200)
  expect(await usedOf(first, apiKey)).toBe(before + 1)
}

describe('a revoked key is refused at once by every executable', () => {
  test('two servers and the CLI on one database file', async () => {
    await revokedEverywhereAtOnce(await onFile())
  })

  test('two servers and the CLI on one libSQL server', async () => {
    await revokedEverywhereAtOnce(await onSqld())
  })
})

describe("a call counted by one executable shows at once in another's usage report", () => {
  test('two servers on one database file', async () => {
    await countedEverywhereAtOnce(await onFile())
  })

  test('two servers on one libSQL server', async () => {
    await countedEverywhereAtOnce(await onSqld())
  })
})

// What a server remembers of a key never outlives a change to it (docs/performance.md#cached-keys): a revoked key is
// refused at once by every running executable, whichever process revoked it, and a call counted by one server shows
// at once in another's usage report; with two servers and the CLI on one database file, and on one libSQL server.
import { afterAll, afterEach, describe, expect, test } from 'bun:test'
import { startSqld } from '../../scripts/sqld'
import { seedTeam } from '../support/deps'
import { type Child, type ProcessWorld, processWorld, runChild, seedDatabase, spawnChild } from './child'

const sqld = await startSqld({ namespaces: true })
afterAll(() => sqld.stop())
const cleanup: (() => unknown)[] = []
afterEach(() => {
  while (cleanup.length) cleanup.pop()?.()
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

async function revokedEverywhereAtOnce(world: ProcessWorld) {
  cleanup.push(() => world.cleanup())
  const { apiKey } = await seedDatabase(world, config, (deps) => seedTeam(deps))
  const urls = [await serve(world), await serve(world)]
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

async function countedEverywhereAtOnce(world: ProcessWorld) {
  cleanup.push(() => world.cleanup())
  const { apiKey } = await seedDatabase(world, config, (deps) => seedTeam(deps))
  const [first, second] = [await serve(world), await serve(world)]
  const before = await usedOf(first, apiKey)
  for (let i = 0; i < 50; i++) expect(await usedOf(first, apiKey)).toBe(before)
  const counted = await fetch(`${second}/api/v1/signals`, { headers: { 'x-api-key': apiKey } })
  expect(counted.status).toBe(200)
  expect(await usedOf(first, apiKey)).toBe(before + 1)
}

describe('a revoked key is refused at once by every executable', () => {
  test('two servers and the CLI on one database file', async () => {
    await revokedEverywhereAtOnce(processWorld(config))
  })

  test('two servers and the CLI on one libSQL server', async () => {
    await revokedEverywhereAtOnce(processWorld(config, await sqld.createNamespace('revocation')))
  })
})

describe("a call counted by one executable shows at once in another's usage report", () => {
  test('two servers on one database file', async () => {
    await countedEverywhereAtOnce(processWorld(config))
  })

  test('two servers on one libSQL server', async () => {
    await countedEverywhereAtOnce(processWorld(config, await sqld.createNamespace('counted')))
  })
})

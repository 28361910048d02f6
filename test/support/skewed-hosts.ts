import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildDeps, type Deps } from '../../src/deps'
import type { ConfigInput } from '../../src/config/schema'
import type { Clock } from '../../src/lib/clock'
import { silentLogger } from './log'
import { type DeepPartial, testConfig } from './deps'
import { lastingTestDatabase } from './test-database'

/** Minutes two hosts' clocks may disagree by when one was never synchronised: far more than a lease lasts. */
export const SKEW_MS = 5 * 60_000

/** The real time moved by `shiftMs`: a host whose clock runs ahead (positive) or behind (negative). */
export const shiftedClock = (shiftMs: number): Clock => ({ now: () => new Date(Date.now() + shiftMs) })

/**
 * Servers on one database (one file, or with LEAD_SIGNALS_TEST_DATABASE=sqld one database on a real sqld), each with
 * its clock shifted by the given ms, as several executables share one sqld
 * (docs/operations.md#several-executables-on-sqld). `config` is every host's configuration besides the database.
 */
export function skewedHosts(config: DeepPartial<ConfigInput> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'ls-skewed-'))
  const opened: Deps[] = []
  let made = 0
  return {
    async open(...shifts: number[]): Promise<Deps[]> {
      const url = await lastingTestDatabase(`file:${join(dir, `shared-${++made}.db`)}`)
      const all = testConfig({ ...config, database: { url } })
      const hosts: Deps[] = []
      for (const shift of shifts) hosts.push(await buildDeps(all, { log: silentLogger, clock: shiftedClock(shift) }))
      opened.push(...hosts)
      return hosts
    },
    close() {
      for (const deps of opened) deps.database.client.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

import type { Config, ConfigInput } from '../../src/config/schema'
import { loadConfig } from '../../src/config/load'
import { buildDeps, type Deps } from '../../src/deps'
import { createTeam } from '../../src/domain/teams/teams'
import { manualClock } from './clock'
import { silentLogger } from './log'
import { migratedMemoryDatabase } from './migrated-copy'
import { freshTestDatabase } from './test-database'

export type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] }

/** Configuration for tests: defaults, an in-memory database, the rules scorer, plus `overrides`. */
export function testConfig(overrides: DeepPartial<ConfigInput> = {}): Config {
  // Every answer is checked against its documented schema (server.check_responses).
  const base: DeepPartial<ConfigInput> = {
    server: { check_responses: true },
    database: { url: ':memory:' },
    scorer: { backend: 'rules' },
  }
  // Through the real loader, so tests run on exactly what a config file would produce.
  return loadConfig({ env: {}, fileText: toToml(merge(base, overrides)) })
}

function merge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a }
  for (const [k, v] of Object.entries(b)) {
    out[k] =
      v && typeof v === 'object' && !Array.isArray(v) && out[k] && typeof out[k] === 'object'
        ? merge(out[k] as Record<string, unknown>, v as Record<string, unknown>)
        : v
  }
  return out
}

/** A small TOML writer for test configuration objects (tables, strings, numbers, booleans, arrays). */
export function toToml(obj: object, prefix: string[] = []): string {
  const scalars: string[] = []
  const tables: string[] = []
  for (const [k, v] of Object.entries(obj)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) tables.push(toToml(v, [...prefix, k]))
    else scalars.push(`${JSON.stringify(k)} = ${JSON.stringify(v)}`)
  }
  const head = prefix.length && scalars.length ? `[${prefix.map((p) => JSON.stringify(p)).join('.')}]\n` : ''
  return [head + scalars.join('\n'), ...tables].filter(Boolean).join('\n')
}

/**
 * A fresh database (in memory, in a file with LEAD_SIGNALS_TEST_DATABASE=file, or on a real sqld with
 * LEAD_SIGNALS_TEST_DATABASE=sqld) and deps per test, with a settable clock.
 */
export async function testDeps(a: { config?: DeepPartial<ConfigInput>; now?: string; deps?: Partial<Deps> } = {}) {
  const clock = manualClock(a.now ?? '2026-11-15T12:00:00.000Z')
  const url = a.config?.database?.url || (await freshTestDatabase())
  const config = merge({ database: { url } }, a.config ?? {})
  // An in-memory database begins as a copy of one migrated once (test/support/migrated-copy.ts).
  const database = url === ':memory:' && !a.deps?.database ? await migratedMemoryDatabase() : undefined
  const deps = await buildDeps(testConfig(config), { log: silentLogger, clock, database, ...a.deps })
  return { deps, clock }
}

/** A team and its key in `deps`. */
export async function seedTeam(deps: Deps, a: { name?: string; plan?: string; credits?: number } = {}) {
  const made = await createTeam(deps, { name: a.name ?? 'acme', plan: a.plan ?? 'growth', credits: a.credits })
  return { team: made.team, apiKey: made.apiKey }
}

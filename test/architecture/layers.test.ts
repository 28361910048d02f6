import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

// docs/architecture.md#layers: imports flow one way. Each layer lists what it may import besides itself.
const SRC = resolve(import.meta.dir, '../../src')
const LEAVES = ['lib', 'errors', 'config', 'mention', 'query']
const ALLOWED: Record<string, string[]> = {
  lib: [],
  errors: ['lib'],
  config: ['lib', 'errors'],
  mention: ['config'],
  // Keyword queries (docs/queries.md): parsed, matched and turned into each platform's own search by every layer.
  query: ['lib', 'config'],
  // The worker entry points' location (src/workers.ts): it names the worker files of scorers/ and storage/, it
  // imports nothing.
  workers: ['scorers', 'storage'],
  storage: [...LEAVES, 'migrations', 'workers'],
  platforms: [...LEAVES, 'package'],
  scorers: [...LEAVES, 'workers'],
  // Requests to URLs that users and clients name (client metadata documents, webhook receivers).
  outbound: [...LEAVES, 'package'],
  domain: [...LEAVES, 'storage', 'platforms', 'scorers', 'outbound', 'package'],
  // Wire shapes shared by the REST routes and the MCP tools: neither imports the other.
  wire: [...LEAVES, 'domain', 'package'],
  deps: [...LEAVES, 'domain', 'storage', 'platforms', 'scorers', 'outbound'],
  // The console's browser code (src/console) imports nothing of the server that runs; http serves its bundle. It
  // names the wire shapes of the answers it reads, by type only (TYPE_ONLY below): nothing of them is bundled.
  console: [],
  // http serves the user's documents (docs/*.md) and the files they link to at /docs.
  http: [...LEAVES, 'domain', 'wire', 'deps', 'package', 'console', 'documents'],
  mcp: [...LEAVES, 'domain', 'wire', 'deps', 'package'],
  jobs: [...LEAVES, 'domain', 'deps'],
  app: [...LEAVES, 'http', 'mcp', 'deps'],
  cli: [...LEAVES, 'domain', 'wire', 'deps', 'app', 'jobs', 'mcp', 'package'],
  main: ['cli'],
}

function layerOf(path: string): string {
  const rel = relative(SRC, path)
  if (rel.startsWith('..')) {
    if (rel.endsWith('package.json')) return 'package'
    if (rel.includes('drizzle')) return 'migrations'
    // The documents, and the files they link to beside them (src/http/docs/files.ts).
    if (/^\.\.\/(?:docs\/[a-z-]+\.md|config\.example\.toml|deploy\/[\w.-]+)$/.test(rel)) return 'documents'
    return 'outside'
  }
  const top = rel.split('/')[0].replace(/\.(d\.)?tsx?$/, '')
  return top === 'sql' ? 'lib' : top
}

function sourceFiles(dir: string, kind = /\.tsx?$/): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name)
    return e.isDirectory() ? sourceFiles(p, kind) : kind.test(p) ? [p] : []
  })
}

// Static and type imports, re-exports, dynamic imports and worker URLs all count.
const SPECIFIER = /(?:from\s+|import\s*\(\s*|import\s+|new URL\(\s*)['"](\.[^'"]+)['"]/g
// What a layer may import by type only (erased from what runs): the console names the wire shapes it reads.
const TYPE_ONLY: Record<string, string[]> = { console: ['wire'] }
// What a layer may import of another file by file: the console the text helpers it shares with the server (lib/text.ts
// imports nothing), so that pages and messages cut a post's preview by one rule.
const FILES_ALLOWED: Record<string, string[]> = { console: ['lib/text'] }
const TYPE_IMPORT = /^import\s+type\s[^'"]*from\s+['"](\.[^'"]+)['"]/gm

/** Imports against the direction in the given files (path and text). */
function violationsIn(files: { path: string; text: string }[]): string[] {
  const found: string[] = []
  for (const { path, text } of files) {
    const from = layerOf(path)
    const typeOnly = new Set([...text.matchAll(TYPE_IMPORT)].map((m) => m[1]))
    for (const m of text.matchAll(SPECIFIER)) {
      const target = resolve(dirname(path), m[1])
      const to = layerOf(target)
      const violation = `${relative(SRC, path)} (${from}) imports ${m[1]} (${to})`
      const byType = typeOnly.has(m[1] as string) && (TYPE_ONLY[from] ?? []).includes(to)
      const byFile = (FILES_ALLOWED[from] ?? []).includes(relative(SRC, target).replace(/\.ts$/, ''))
      if (to !== from && !byType && !byFile && !(ALLOWED[from] ?? []).includes(to)) found.push(violation)
    }
  }
  return found
}

// docs/architecture.md#domain-folders: a domain folder imports only the folders before it, so no two folders import
// each other through a ring. `core` (who is calling, their plan) imports no other. A new folder takes its place here.
const DOMAIN_ORDER = [
  'core',
  'budgets',
  'leases',
  'health',
  'backups',
  'icps',
  'feedback',
  'quota',
  'keys',
  'teams',
  'users',
  'sessions',
  'oauth',
  'search',
  'keywords',
  'earlier',
  'scoring',
  'signals',
  'sources',
  'webhooks',
  'people',
  'housekeeping',
  'polling',
  'streams',
]
const DOMAIN = join(SRC, 'domain')

/** The domain folder of a path, or null for a file at the domain's root (`needs.ts`: types of services only). */
function domainFolderOf(path: string): string | null {
  const parts = relative(DOMAIN, path).split('/')
  return parts[0] === '..' || parts.length < 2 ? null : parts[0]
}

/** Imports from one domain folder into another that does not come before it in DOMAIN_ORDER. */
function domainLoopsIn(files: { path: string; text: string }[]): string[] {
  const found: string[] = []
  for (const { path, text } of files) {
    const from = domainFolderOf(path)
    if (from === null) continue
    if (!DOMAIN_ORDER.includes(from)) found.push(`domain/${from} is not in DOMAIN_ORDER`)
    for (const m of text.matchAll(SPECIFIER)) {
      const to = domainFolderOf(resolve(dirname(path), m[1]))
      if (to === null || to === from) continue
      if (!(DOMAIN_ORDER.indexOf(to) >= 0 && DOMAIN_ORDER.indexOf(to) < DOMAIN_ORDER.indexOf(from)))
        found.push(`${relative(SRC, path)} (domain/${from}) imports ${m[1]} (domain/${to})`)
    }
  }
  return [...new Set(found)]
}

// docs/architecture.md#storage: the engine (connections, commits, locks, the Db types) is storage's own; the rest of
// the code opens the database through storage/db.ts and reads and writes through storage/repos/. Only the Db types
// (engine/types.ts) are named outside.
const ENGINE = join(SRC, 'storage', 'engine')
const STORAGE = join(SRC, 'storage')

/** Imports of a storage engine file (other than its types) from outside storage/. */
function engineImportsIn(files: { path: string; text: string }[]): string[] {
  const found: string[] = []
  for (const { path, text } of files) {
    if (!relative(STORAGE, path).startsWith('..')) continue
    for (const m of text.matchAll(SPECIFIER)) {
      const to = resolve(dirname(path), m[1]).replace(/\.tsx?$/, '')
      if (!relative(ENGINE, to).startsWith('..') && to !== join(ENGINE, 'types'))
        found.push(`${relative(SRC, path)} imports ${m[1]} (the storage engine)`)
    }
  }
  return found
}

const srcFiles = () => sourceFiles(SRC).map((path) => ({ path, text: readFileSync(path, 'utf8') }))

describe('layers', () => {
  test('every import follows the direction cli|http|jobs|mcp → domain → storage|platforms|scorers → lib', () => {
    expect(violationsIn(srcFiles())).toEqual([])
  })

  test('the entry points past the domain reach the database only through domain functions', () => {
    const top = ['cli', 'http', 'mcp', 'jobs'].flatMap((d) => sourceFiles(join(SRC, d)))
    const direct = top.filter((f) => /\brepos\.\w+/.test(readFileSync(f, 'utf8'))).map((f) => relative(SRC, f))
    expect(direct).toEqual([])
  })

  test('domain folders import only the folders before them in DOMAIN_ORDER (no folder loops)', () => {
    expect(domainLoopsIn(srcFiles())).toEqual([])
  })

  test('the folder order check finds a loop between two domain folders and a folder left out of the order', () => {
    const at = (path: string, text: string) => ({ path: join(SRC, path), text })
    expect(
      domainLoopsIn([
        at('domain/quota/a.ts', "import type { Caller } from '../core/caller'"),
        at('domain/core/b.ts', "import { charged } from '../quota/charge'"),
        at('domain/newcomer/c.ts', "import { x } from './x'"),
        at('domain/needs.ts', "import type { SearchRunner } from './search/search-runner'"),
      ]),
    ).toEqual([
      'domain/core/b.ts (domain/core) imports ../quota/charge (domain/quota)',
      'domain/newcomer is not in DOMAIN_ORDER',
    ])
  })

  test('no file outside storage/ imports the storage engine (storage/engine/), its Db types aside', () => {
    expect(engineImportsIn(srcFiles())).toEqual([])
  })

  test('the engine check finds an engine import from the domain and lets storage and the Db types through', () => {
    const at = (path: string, text: string) => ({ path: join(SRC, path), text })
    expect(
      engineImportsIn([
        at('domain/health/x.ts', "import { isBusy } from '../../storage/engine/lock-wait'"),
        at('domain/health/y.ts', "import type { Database } from '../../storage/engine/types'"),
        at('storage/repos/z.ts', "import { createGroupCommit } from '../engine/group-commit'"),
        at('deps.ts', "import { openDatabase } from './storage/db'"),
      ]),
    ).toEqual(['domain/health/x.ts imports ../../storage/engine/lock-wait (the storage engine)'])
  })

  // The console's stylesheets too (src/console/styles/): one job per file holds for them as well.
  test('no source file or stylesheet is over 200 lines (docs/architecture.md#layers: one job per file)', () => {
    const long = sourceFiles(SRC, /\.(tsx?|css)$/)
      .filter((path) => readFileSync(path, 'utf8').split('\n').length > 201)
      .map((path) => relative(SRC, path))
    expect(long).toEqual([])
  })

  test('the check itself finds an import against the direction, a type import and a worker URL among them', () => {
    const at = (path: string, text: string) => ({ path: join(SRC, path), text })
    expect(
      violationsIn([
        at('platforms/x.ts', "import { AppError } from '../domain/errors'"),
        at('domain/y.ts', "import type { Deps } from '../deps'"),
        at('storage/z.ts', "const url = new URL('../http/w.ts', import.meta.url)"),
        at('domain/ok.ts', "import { a } from '../storage/a'\nimport { b } from './b'"),
        at('console/pages/ok.tsx', "import type { Signal } from '../../wire/signals'"),
        at('console/pages/no.tsx', "import { Signal } from '../../wire/signals'"),
      ]),
    ).toEqual([
      'platforms/x.ts (platforms) imports ../domain/errors (domain)',
      'domain/y.ts (domain) imports ../deps (deps)',
      'storage/z.ts (storage) imports ../http/w.ts (http)',
      'console/pages/no.tsx (console) imports ../../wire/signals (wire)',
    ])
  })
})

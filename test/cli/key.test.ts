import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { buildDeps, type Deps } from '../../src/deps'
import { authenticate } from '../../src/domain/keys/authenticate'
import { AppError } from '../../src/errors'
import { sha256Hex } from '../../src/lib/hash'
import { silentLogger } from '../support/log'
import { testConfig } from '../support/deps'
import { createWorkspace, dump, ok, runCli, type Workspace } from './run-cli'

// The tests in this file share one team; each creates its own keys.
let ws: Workspace
let deps: Deps
beforeAll(async () => {
  ws = createWorkspace()
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
  deps = await buildDeps(testConfig({ database: { url: ws.dbUrl } }), { log: silentLogger })
})
afterAll(() => {
  deps.database.client.close()
  ws.cleanup()
})

const rejects = async (key: string) => {
  const error = await authenticate(deps, key).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AppError)
  expect((error as AppError).kind).toBe('invalid_api_key')
}

describe('key create', () => {
  test('it prints a key once that authenticates as the team, and the database holds only its hash', async () => {
    const out = await ok(ws, ['key', 'create', '--team', 'acme', '--name', 'ci'])
    expect(out).toContain('shown once')
    const printed = out.match(/lsk_[A-Za-z0-9_-]{43}/g) ?? []
    expect(printed).toHaveLength(1)
    const apiKey = printed[0] as string
    expect((await authenticate(deps, apiKey)).team.name).toBe('acme')

    const everything = JSON.stringify(await dump(ws))
    expect(everything).not.toContain(apiKey)
    expect(everything).toContain(sha256Hex(apiKey))
  })

  test('with --json it prints exactly apiKey, prefix, apiAccess and note, and the prefix starts the key', async () => {
    const out = JSON.parse(await ok(ws, ['key', 'create', '--team', 'acme', '--json']))
    expect(Object.keys(out).sort()).toEqual(['apiAccess', 'apiKey', 'note', 'prefix'])
    expect(out.apiKey.startsWith(out.prefix)).toBe(true)
    expect(out.prefix).toMatch(/^lsk_/)
    expect((await authenticate(deps, out.apiKey)).team.name).toBe('acme')
  })
})

describe('key list', () => {
  test('it shows prefix, label, created, last used and revoked for each key, never the key itself', async () => {
    const { apiKey, prefix } = JSON.parse(
      await ok(ws, ['key', 'create', '--team', 'acme', '--name', 'listed', '--json']),
    )
    const keys = JSON.parse(await ok(ws, ['key', 'list', '--team', 'acme', '--json']))
    const listed = keys.find((k: { prefix: string }) => k.prefix === prefix)
    expect(listed).toEqual({
      prefix,
      label: 'listed',
      createdAt: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
    })
    expect(keys[0].label).toBe('first key')

    const table = await ok(ws, ['key', 'list', '--team', 'acme'])
    expect(table.split('\n')[0]).toMatch(/^PREFIX\s+LABEL\s+CREATED\s+LAST USED\s+REVOKED$/)
    expect(table).toMatch(new RegExp(`${prefix}\\s+listed\\s+\\d{4}-\\d\\d-\\d\\dT\\S+\\s+never\\s+-`))
    expect(table + JSON.stringify(keys)).not.toContain(apiKey)
  })
})

describe('key revoke', () => {
  test('a revoked key no longer authenticates, the other keys still do, and the list shows when it was revoked', async () => {
    const gone = JSON.parse(await ok(ws, ['key', 'create', '--team', 'acme', '--json']))
    const kept = JSON.parse(await ok(ws, ['key', 'create', '--team', 'acme', '--json']))
    expect(await ok(ws, ['key', 'revoke', '--team', 'acme', gone.prefix])).toContain(`Revoked key ${gone.prefix}`)
    await rejects(gone.apiKey)
    expect((await authenticate(deps, kept.apiKey)).team.name).toBe('acme')
    const keys = JSON.parse(await ok(ws, ['key', 'list', '--team', 'acme', '--json']))
    expect(keys.find((k: { prefix: string }) => k.prefix === gone.prefix).revokedAt).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(keys.find((k: { prefix: string }) => k.prefix === kept.prefix).revokedAt).toBeNull()
  })

  test('revoking a key twice fails the second time and changes nothing', async () => {
    const { prefix } = JSON.parse(await ok(ws, ['key', 'create', '--team', 'acme', '--json']))
    await ok(ws, ['key', 'revoke', '--team', 'acme', prefix])
    const before = await dump(ws)
    const again = await runCli(ws, ['key', 'revoke', '--team', 'acme', prefix])
    expect(again.code).toBe(1)
    expect(again.stderr).toBe(
      `lead-signals: the team has no active key with prefix "${prefix}"; lead-signals key list --team acme shows its keys\n`,
    )
    expect(await dump(ws)).toEqual(before)
  })

  test("a team cannot revoke another team's key", async () => {
    await ok(ws, ['team', 'create', '--name', 'other', '--plan', 'growth'])
    const theirs = JSON.parse(await ok(ws, ['key', 'create', '--team', 'other', '--json']))
    const r = await runCli(ws, ['key', 'revoke', '--team', 'acme', theirs.prefix])
    expect(r.code).toBe(1)
    expect((await authenticate(deps, theirs.apiKey)).team.name).toBe('other')
  })

  test('the whole key, pasted, revokes that key; the output names only its prefix', async () => {
    const gone = JSON.parse(await ok(ws, ['key', 'create', '--team', 'acme', '--json']))
    const out = await ok(ws, ['key', 'revoke', '--team', 'acme', gone.apiKey])
    expect(out).toBe(`Revoked key ${gone.prefix}.\n`)
    await rejects(gone.apiKey)
    const keys = JSON.parse(await ok(ws, ['key', 'list', '--team', 'acme', '--json']))
    expect(keys.find((k: { prefix: string }) => k.prefix === gone.prefix).revokedAt).toMatch(/^\d{4}-/)
  })

  test("a whole key must match exactly, and be the team's: otherwise nothing is revoked and the key is not echoed", async () => {
    const mine = JSON.parse(await ok(ws, ['key', 'create', '--team', 'acme', '--json']))
    const theirs = JSON.parse(await ok(ws, ['team', 'create', '--name', 'rival', '--plan', 'growth', '--json']))
    // Same prefix, different secret: a typo in the rest of the key must not revoke the key it starts like.
    const last = mine.apiKey.at(-1) === 'A' ? 'B' : 'A'
    const typo = mine.apiKey.slice(0, -1) + last
    const before = await dump(ws)
    for (const wrong of [typo, theirs.apiKey]) {
      const r = await runCli(ws, ['key', 'revoke', '--team', 'acme', wrong])
      expect(r.code).toBe(1)
      expect(r.stderr).toBe(
        `lead-signals: the team has no active key ${wrong.slice(0, 12)}… (the whole key was given); lead-signals key list --team acme shows its keys\n`,
      )
      expect(r.stdout + r.stderr).not.toContain(wrong)
    }
    expect(await dump(ws)).toEqual(before)
    expect((await authenticate(deps, mine.apiKey)).team.name).toBe('acme')
    expect((await authenticate(deps, theirs.apiKey)).team.name).toBe('rival')
  })
})

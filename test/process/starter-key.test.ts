// A team on a plan without API access (`starter` by default, docs/api.md#order-of-checks) got an API key from
// `team create` and `key create` with nothing said: the API and /mcp refused it with 403 no_api_access, which the user
// met only on the first call. The commands now say so beside the key, and how it starts to work; the key is still
// printed, since the same key answers once the operator moves the team to a plan with API access.
import { afterAll, describe, expect, test } from 'bun:test'
import { type Child, processWorld, runChild, spawnChild } from './child'

const world = processWorld({
  server: { host: '127.0.0.1', port: 0 },
  scorer: { backend: 'rules' },
  polling: { enabled: false },
})
let server: Child | undefined
afterAll(() => {
  server?.proc.kill('SIGKILL')
  world.cleanup()
})

const lastKey = (stdout: string) => /^ {2}(lsk_[A-Za-z0-9_-]{43})$/.exec(stdout.trimEnd().split('\n').at(-1) as string)
const NOTE =
  'The starter plan has no API access: the API and /mcp refuse this key (403 no_api_access) until the operator moves the team to a plan with it (lead-signals team set --team solo --plan growth).'

describe('an API key made for a team on the starter plan', () => {
  test('team create and key create say what the key can do, the key staying last; it works once the plan has access', async () => {
    const made = await runChild(world, ['team', 'create', '--name', 'solo', '--plan', 'starter'])
    expect(made.code).toBe(0)
    expect(made.stdout).toContain(NOTE)
    const key = lastKey(made.stdout)?.[1] as string
    expect(key).toBeDefined()
    const more = await runChild(world, ['key', 'create', '--team', 'solo'])
    expect(more.stdout).toContain(NOTE)
    expect(lastKey(more.stdout)).not.toBeNull()
    // A plan with API access says nothing of it.
    const growth = await runChild(world, ['team', 'create', '--name', 'busy', '--plan', 'growth'])
    expect(growth.stdout).not.toContain('API access')

    server = spawnChild(world, ['serve'])
    await server.waitForOutput('the listening line', (o) => o.stdout.includes('"event":"listening"'))
    const url = (/"url":"([^"]+)"/.exec(server.stdout()) as RegExpExecArray)[1].replace(/\/$/, '')
    const usage = () => fetch(`${url}/api/v1/usage`, { headers: { 'x-api-key': key } })
    const refused = await usage()
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('no_api_access')
    expect(await runChild(world, ['team', 'set', '--team', 'solo', '--plan', 'growth']).then((r) => r.code)).toBe(0)
    expect((await usage()).status).toBe(200)
  })
})

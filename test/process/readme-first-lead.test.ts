// The README's "Your first real lead", run as written (docs/behaviour.md#first-hour): from an empty directory to a
// first signal on platforms that need no key, then the API and a console user. The platforms are local fakes of their
// documented search APIs (docs/platforms.md), reached through the settings' environment variables;
// `./dist/lead-signals` is the CLI from source, and port 8080 is the one `serve` picks with server.port = 0 and names
// in its listening line (docs/operations.md), which curl is sent to, so the test can run beside anything else: a port
// found free and let go first could be taken by another test's server before `serve` bound it, and the README's curl
// then asked that one.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { cleanEnv, createWorkspace, query, type Workspace } from '../cli/run-cli'
import { fakeUpstream } from '../support/fake-upstream'

const REPO = resolve(import.meta.dir, '../..')

/** The shell blocks of the README section under `heading`, in order. */
export function readmeBlocks(heading: string): string[] {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8')
  const start = readme.indexOf(`\n${heading}\n`)
  if (start < 0) throw new Error(`README has no section ${heading}`)
  const rest = readme.slice(start + heading.length + 2)
  const section = rest.slice(0, rest.search(/\n#{2,3} /))
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] as string)
}

const BUYER =
  'We are a 12-person sales team still living in spreadsheets. Looking for a CRM this month, budget approved. ' +
  'Which one would you pick?'
const hour = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString()

// Algolia HN Search, Stack Exchange 2.3, GitHub's issue search and DEV's search feed, one fake for the four: Hacker
// News has a buyer and a bystander for "crm", the others answer their documented empty page.
const platforms = fakeUpstream((req) => {
  switch (req.url.pathname) {
    case '/api/v1/search_by_date': {
      const hit = (id: string, author: string, text: string, at: string) => ({
        objectID: id,
        author,
        created_at: at,
        comment_text: text,
        _tags: ['comment'],
      })
      const hits = /crm/i.test(req.url.searchParams.get('query') ?? '')
        ? [
            hit('41', 'dana_ops', BUYER, hour(2)),
            hit('42', 'eli', 'Lunch was great, the crm talk was boring.', hour(3)),
          ]
        : []
      return Response.json({ hits, nbHits: hits.length, page: 0, nbPages: 1 })
    }
    case '/2.3/search/advanced':
      return Response.json({ items: [], has_more: false, quota_max: 300, quota_remaining: 299 })
    case '/search/issues':
      return Response.json({ total_count: 0, incomplete_results: false, items: [] })
    case '/search/feed_content':
      return Response.json({ result: [] })
    default:
      return new Response('not found', { status: 404 })
  }
})

// The README's `serve &`, its stdout in a file, then a wait until its listening line names the port it was given (a
// serve that ends before that ends the script); the README's curl lines, as written, then reach 8080 on that port.
const SERVE_AS_WRITTEN = './dist/lead-signals serve &\n'
const SERVE_ON_ITS_PORT = `./dist/lead-signals serve > serve.out &
SERVE=$!
until PORT=$(grep -som1 '"port":[0-9]*' serve.out | cut -d: -f2) && [ -n "$PORT" ]; do kill -0 $SERVE; sleep 0.1; done
curl() { command curl --connect-to "127.0.0.1:8080:127.0.0.1:$PORT" "$@"; }
`

let ws: Workspace
beforeAll(async () => {
  ws = createWorkspace()
  mkdirSync(join(ws.dir, 'dist'))
  writeFileSync(
    join(ws.dir, 'dist', 'lead-signals'),
    `#!/bin/sh\nexec "${process.execPath}" "${join(REPO, 'src/main.ts')}" "$@"\n`,
  )
  chmodSync(join(ws.dir, 'dist', 'lead-signals'), 0o755)
})
afterAll(() => {
  platforms.stop()
  ws.cleanup()
})

describe("the README's first real lead", () => {
  test('from nothing to a signal, its API, a score with the profile matched and a console user', async () => {
    const blocks = readmeBlocks('### Your first real lead')
    expect(blocks).toHaveLength(2)
    expect(blocks[1]).toContain(SERVE_AS_WRITTEN)
    const script = blocks.join('\n').replace(SERVE_AS_WRITTEN, SERVE_ON_ITS_PORT)
    const env: Record<string, string> = {
      ...cleanEnv(),
      LEAD_SIGNALS_SERVER_PORT: '0',
      LEAD_SIGNALS_SCORER_BACKEND: 'rules',
    }
    for (const p of ['hackernews', 'stackoverflow', 'github', 'devto'])
      env[`LEAD_SIGNALS_PLATFORMS_${p.toUpperCase()}_BASE_URL`] = platforms.origin
    const run = Bun.spawn(['bash', '-c', `set -euo pipefail\ntrap 'kill $(jobs -p) 2>/dev/null' EXIT\n${script}`], {
      cwd: ws.dir,
      env,
      stdin: new Blob(['correct horse battery staple\ncorrect horse battery staple\n']),
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const [out, err, code] = await Promise.all([
      new Response(run.stdout).text(),
      new Response(run.stderr).text(),
      run.exited,
    ])
    expect({ code, err: code === 0 ? '' : err }).toEqual({ code: 0, err: '' })

    // The pass's table, then the signal in the export, the API's list, the score, the user.
    expect(out).toMatch(/^hackernews\s+1\s+2\s+2\s+/m)
    const exported = out.split('\n').filter((l) => l.startsWith('{"id":'))
    expect(exported).toHaveLength(1)
    expect(JSON.parse(exported[0] as string)).toMatchObject({
      platform: 'hackernews',
      author: 'dana_ops',
      intent: 'ACTIVE',
    })
    const answers = out.split('\n').filter((l) => l.startsWith('{"signals"') || l.startsWith('{"qualified"'))
    const [list, score] = answers.map((l) => JSON.parse(l))
    expect(list.signals.map((s: { author: string }) => s.author)).toEqual(['dana_ops'])
    // The id an export carries is the API's, so an exported row can be judged with feedback.
    expect(list.signals[0].id).toBe(JSON.parse(exported[0] as string).id)
    expect(score).toMatchObject({ qualified: true, intent: 'ACTIVE', icpMatch: 'Small sales teams' })
    // Where the README's commands put the database: ./data/lead-signals.db.
    const made = { ...ws, dbUrl: `file:${join(ws.dir, 'data', 'lead-signals.db')}` }
    expect(await query(made, 'select email, role from users')).toEqual([{ email: 'you@acme.example', role: 'owner' }])
  }, 120_000)
})

// The console's first page in `npm run bench` (docs/console.md): what a person waits for on opening the service,
// against the bench's database of 1,000,000 signals. Times the page, its files, signing in, and the first page of
// signals, each once, cold (the server has not served the console before).
import { randomBytes } from 'node:crypto'

export const CONSOLE_EMAIL = 'bench@localhost'

/** Makes the bench team's console user, or gives it a new password; returns the password. */
export async function consoleUser(binary: string, configPath: string, cwd: string): Promise<string> {
  const password = randomBytes(12).toString('base64url')
  const run = (args: string[]) =>
    Bun.spawn([binary, ...args, '--config', configPath], {
      cwd,
      stdin: new Blob([`${password}\n`]),
      stdout: 'pipe',
      stderr: 'pipe',
    })
  const created = run(['user', 'create', '--team', 'bench', '--email', CONSOLE_EMAIL, '--role', 'owner'])
  if ((await created.exited) !== 0) {
    const reset = run(['user', 'password', '--email', CONSOLE_EMAIL])
    if ((await reset.exited) !== 0) throw new Error(`user password failed: ${await new Response(reset.stderr).text()}`)
  }
  return password
}

export async function consoleFirstPage(url: string, password: string) {
  const t0 = performance.now()
  const page = await fetch(`${url}/`)
  const html = await page.text()
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1])
  const sizes = await Promise.all(files.map(async (f) => (await (await fetch(url + f)).arrayBuffer()).byteLength))
  const signIn = await fetch(`${url}/console/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ email: CONSOLE_EMAIL, password }),
  })
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]
  const headers = { cookie }
  const [me, signals] = await Promise.all([
    fetch(`${url}/console/api/me`, { headers }),
    fetch(`${url}/console/api/signals?limit=20&offset=0`, { headers }),
  ])
  const first = (await signals.json()) as { signals?: unknown[]; total?: number }
  await me.arrayBuffer()
  const ms = performance.now() - t0
  const ok = page.status === 200 && signIn.status === 200 && me.status === 200 && first.signals?.length === 20
  return { ms, ok, files: files.length, bytes: sizes.reduce((a, b) => a + b, 0), total: first.total ?? 0 }
}

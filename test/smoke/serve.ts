// Starting `serve --demo` as a separate process and reading its listening line and demo key, for the smoke tests.
import type { Subprocess } from 'bun'

const START_TIMEOUT_MS = 20_000
export const KEY = /lsk_[A-Za-z0-9_-]{43}/

/** The parent's environment without any LEAD_SIGNALS_* setting, so the defaults (./data/lead-signals.db) apply. */
export function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('LEAD_SIGNALS_')) env[k] = v
  // Rules scorer: the demo signals are scored without waiting on an Ollama that may or may not be running.
  return { ...env, LEAD_SIGNALS_SCORER_BACKEND: 'rules', LEAD_SIGNALS_SERVER_HOST: '127.0.0.1', ...extra }
}

export type Server = { proc: Subprocess<'ignore', 'pipe', 'pipe'>; url: string; apiKey: string; output: () => string }

/** Spawns `cmd` in `dir` and reads stdout until the listening line and the demo key have both appeared. */
export async function startServer(cmd: string[], dir: string, env: Record<string, string> = {}): Promise<Server> {
  // Its own process group, so stopping it also stops what it started (npm start runs bun as a child).
  const proc = Bun.spawn(cmd, {
    cwd: dir,
    env: cleanEnv({ LEAD_SIGNALS_SERVER_PORT: '0', ...env }),
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
    detached: true,
  })
  let out = ''
  let err = ''
  const output = () => `stdout:\n${out}\nstderr:\n${err}`
  void new Response(proc.stderr).text().then(
    (t) => {
      err = t
    },
    () => {},
  )
  const found = (async () => {
    const decoder = new TextDecoder()
    const reader = proc.stdout.getReader()
    let url: string | undefined
    let apiKey: string | undefined
    for (;;) {
      const { value, done } = await reader.read()
      if (done) throw new Error(`the server exited (status ${await proc.exited}) before it was ready`)
      out += decoder.decode(value, { stream: true })
      url ??= /^\{"event":"listening","url":"([^"]+)"/m.exec(out)?.[1]
      apiKey ??= /API key \(shown once\):\s*\n\s*(lsk_\S+)/.exec(out)?.[1]
      if (url && apiKey) {
        // Keep draining so a chatty server never blocks on a full pipe.
        void (async () => {
          for (;;) {
            const r = await reader.read()
            if (r.done) return
            out += decoder.decode(r.value, { stream: true })
          }
        })().catch(() => {})
        return { url, apiKey }
      }
    }
  })()
  let timer: Timer | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no listening line and key within ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    )
  })
  try {
    const { url, apiKey } = await Promise.race([found, timeout])
    return { proc, url, apiKey, output }
  } catch (error) {
    stopServer(proc)
    throw new Error(`${(error as Error).message}\n${output()}`)
  } finally {
    clearTimeout(timer)
  }
}

export const get = (server: Server, path: string, apiKey?: string) =>
  fetch(server.url + path, { headers: apiKey ? { 'x-api-key': apiKey } : {}, signal: AbortSignal.timeout(10_000) })

/** Stops the server's whole process group. */
export function stopServer(proc: Subprocess) {
  try {
    process.kill(-proc.pid, 'SIGTERM')
  } catch {
    proc.kill()
  }
}

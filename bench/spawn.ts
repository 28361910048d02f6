// Starting the bench's helper processes (the executable, the baseline, the fake platform) and waiting until they
// listen.
import { readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'

const READY_TIMEOUT_MS = 30_000

export type Listening = { proc: Bun.Subprocess<'ignore', 'pipe', Bun.BunFile>; url: string; startupMs?: number }

/** The environment without LEAD_SIGNALS_* settings, so only the bench's own configuration applies. */
export function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('LEAD_SIGNALS_')) env[k] = v
  return env
}

/**
 * Spawns `cmd` in `cwd` and resolves once it printed its `{"event":"listening","url":…}` line (killed after 30 s
 * without one); stdout keeps draining afterwards so the process never blocks on a full pipe. Its log lines (one per
 * request with `server.log_requests`, the default) go to a file in `cwd`, as in production they go to a collector:
 * their cost stays in the figures, their volume out of the terminal.
 */
export async function spawnListening(cmd: string[], cwd: string): Promise<Listening> {
  // Named after the program: the executable, or the script bun runs.
  const logPath = join(cwd, `${basename(cmd[0] === process.execPath ? cmd[1] : cmd[0])}.stderr.log`)
  writeFileSync(logPath, '') // a spawn writes from the start of the file without truncating it
  const proc = Bun.spawn(cmd, { cwd, env: cleanEnv(), stdin: 'ignore', stdout: 'pipe', stderr: Bun.file(logPath) })
  const reader = proc.stdout.getReader()
  const decoder = new TextDecoder()
  let out = ''
  const deadline = setTimeout(() => proc.kill(), READY_TIMEOUT_MS)
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) throw new Error(`${cmd.join(' ')} exited before listening (its log: ${logPath}):\n${out}`)
      out += decoder.decode(value, { stream: true })
      const line = out.split('\n').find((l) => l.startsWith('{"event":"listening"'))
      if (line) {
        void (async () => {
          while (!(await reader.read()).done) {
            /* drain */
          }
        })().catch(() => {})
        const { url, startupMs } = JSON.parse(line) as { url: string; startupMs?: number }
        return { proc, url, startupMs }
      }
    }
  } finally {
    clearTimeout(deadline)
  }
}

/** The resident memory of a process in MB (Linux; NaN elsewhere). */
export function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb ? Number(kb) / 1024 : Number.NaN
  } catch {
    return Number.NaN // not Linux
  }
}

/** The CPU time a process has used so far in ms, user and system (Linux; NaN elsewhere). */
export function cpuMs(pid: number): number {
  try {
    // "pid (command) state …": utime and stime are the 12th and 13th fields after the command's closing parenthesis,
    // in clock ticks of 10 ms (USER_HZ, 100 on Linux).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return Number.NaN
  }
}

// docs/api.md#export and docs/operations.md#logs: an export whose database fails midway is cut short, and the server
// says so in one log line (export_failed, the error described without its query or parameters). Nothing else is
// written: not the error object as the runtime prints it, with its stack, source lines and properties.
import { expect, test } from 'bun:test'
import { resolve } from 'node:path'

const CHILD = resolve(import.meta.dir, 'export-failure-child.ts')

test('an export cut by the database writes the export_failed line and nothing else on standard error', async () => {
  const proc = Bun.spawn([process.execPath, CHILD], { stdout: 'pipe', stderr: 'pipe', env: { ...process.env } })
  try {
    const reader = proc.stdout.getReader()
    let out = ''
    while (!out.includes('\n')) {
      const { value, done } = await reader.read()
      if (done) throw new Error('the child ended before listening')
      out += new TextDecoder().decode(value)
    }
    const { port, apiKey } = JSON.parse(out) as { port: number; apiKey: string }
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/signals/export?format=jsonl`, {
      headers: { 'x-api-key': apiKey },
    })
    expect(res.status).toBe(200)
    // Cut short: the client sees an error, not a whole file.
    expect(res.text()).rejects.toThrow()
    await Bun.sleep(300)
  } finally {
    proc.kill()
  }
  const stderr = await new Response(proc.stderr).text()
  const lines = stderr.split('\n').filter((l) => l.trim() !== '')
  // Every line is one of the logger's JSON lines.
  for (const line of lines) expect(() => JSON.parse(line)).not.toThrow()
  const failed = lines.map((l) => JSON.parse(l)).filter((l) => l.event === 'export_failed')
  expect(failed).toHaveLength(1)
  expect(stderr).not.toContain('secret')
})

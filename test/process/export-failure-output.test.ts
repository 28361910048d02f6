// docs/api.md#export and docs/operations.md#logs: an export whose database fails midway is cut short, and the server
// says so in one log line (export_failed, the error described without its query or parameters). Nothing else is
// written: not the error object as the runtime prints it, with its stack, source lines and properties.
import { expect, test } from 'bun:test'
import { resolve } from 'node:path'
import { until } from './child'

const CHILD = resolve(import.meta.dir, 'export-failure-child.ts')

test('an export cut by the database writes the export_failed line and nothing else on standard error', async () => {
  const proc = Bun.spawn([process.execPath, CHILD], { stdout: 'pipe', stderr: 'pipe', env: { ...process.env } })
  let stderr = ''
  const read = (async () => {
    const decoder = new TextDecoder()
    for await (const chunk of proc.stderr) stderr += decoder.decode(chunk, { stream: true })
  })()
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
    await expect(res.text()).rejects.toThrow()
    // The line is written after the client's error, which a loaded host can put off past any fixed pause; whatever
    // else the failure writes comes with it, which the 300 ms after it leave time for.
    await until('the export_failed line', () => stderr.includes('"event":"export_failed"'))
    await Bun.sleep(300)
  } finally {
    proc.kill()
  }
  await read
  const lines = stderr.split('\n').filter((l) => l.trim() !== '')
  // Every line is one of the logger's JSON lines.
  for (const line of lines) expect(() => JSON.parse(line)).not.toThrow()
  const failed = lines.map((l) => JSON.parse(l)).filter((l) => l.event === 'export_failed')
  expect(failed).toHaveLength(1)
  expect(stderr).not.toContain('secret')
})

// Elysia builds its validation errors differently when NODE_ENV=production (the executable may run either way):
// invalid input must get the same answer in both modes.
import { expect, test } from 'bun:test'
import { join } from 'node:path'

const SCRIPT = join(import.meta.dir, '../support/invalid-answers.ts')

async function answersWith(nodeEnv: string): Promise<{ path: string; status: number; body: string }[]> {
  const proc = Bun.spawn([process.execPath, SCRIPT], {
    env: { ...process.env, NODE_ENV: nodeEnv },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [out, err, status] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  if (status !== 0) throw new Error(`invalid-answers.ts exited with ${status}: ${err}`)
  return JSON.parse(out)
}

test('invalid requests are answered alike with NODE_ENV=production and development', async () => {
  const [production, development] = await Promise.all([answersWith('production'), answersWith('development')])
  expect(development).toEqual(production)
  for (const answer of production) expect(answer.status).toBe(400)
})

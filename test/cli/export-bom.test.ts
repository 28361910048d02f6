import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createWorkspace, ok, runCli, signalLine } from './run-cli'

// docs/operations.md#exporting-signals: `--bom` is the command line's bom=true, a CSV for Excel (docs/api.md#export).
const ws = createWorkspace()
beforeAll(async () => {
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
  await ok(ws, [
    'signals',
    'import',
    '--team',
    'acme',
    ws.file('s.jsonl', `${signalLine('bom-1', { author: 'zoë' })}\n`),
  ])
})
afterAll(() => ws.cleanup())

const start = (file: string) => [...readFileSync(join(ws.dir, file)).subarray(0, 3)]

describe('signals export and people export --bom', () => {
  for (const group of ['signals', 'people'])
    test(`${group} export --bom starts the CSV with a byte order mark; without it, none`, async () => {
      await ok(ws, [group, 'export', '--team', 'acme', '--out', `${group}-plain.csv`])
      await ok(ws, [group, 'export', '--team', 'acme', '--bom', '--out', `${group}-excel.csv`])
      expect(start(`${group}-plain.csv`)).not.toEqual([0xef, 0xbb, 0xbf])
      expect(start(`${group}-excel.csv`)).toEqual([0xef, 0xbb, 0xbf])
      expect(readFileSync(join(ws.dir, `${group}-excel.csv`)).subarray(3)).toEqual(
        readFileSync(join(ws.dir, `${group}-plain.csv`)),
      )
      const help = await runCli(ws, [group, 'export', '--help'])
      expect(help.stdout).toContain('[--bom]')
    })
})

// docs/operations.md#command-line: a command's usage lists the options it takes, and takes the options it lists:
// the same in `lead-signals --help`, in its group's --help and in what it accepts. `lead-signals --help` gave
// `webhook remove|test --team TEAM ENDPOINT_ID`, without the --json that `webhook test` takes.
import { afterAll, expect, test, setDefaultTimeout } from 'bun:test'
import { GROUPS } from '../../src/cli/dispatch'
import { createWorkspace, MANY_PROCESSES_MS, runCli } from './run-cli'

setDefaultTimeout(MANY_PROCESSES_MS)
const ws = createWorkspace()
afterAll(() => ws.cleanup())

const SINGLE = ['serve', 'migrate', 'backup', 'restore', 'poll', 'mcp']
const flagsIn = (text: string) => [...new Set(text.match(/--[a-z][a-z-]*/g) ?? [])].sort()

/** `lead-signals --help` as command → the options its entry (continuation lines included) names. */
async function topLevel(): Promise<Map<string, string[]>> {
  const entries = new Map<string, string[]>()
  let names: string[] = []
  for (const line of (await runCli(ws, ['--help'])).stdout.split('\n')) {
    const start = /^ {2}([a-z][\w-]*)(?: ([a-z][\w|-]*))?/.exec(line)
    if (start) names = start[2] ? start[2].split('|').map((s) => `${start[1]} ${s}`) : [start[1] as string]
    else if (!/^ {3,}/.test(line)) names = []
    // The description column of a line may not hold an option; only its command part counts.
    const command = line.trimStart().replace(/ {2,}[^-[(].*$/, '')
    for (const n of names) entries.set(n, flagsIn(`${(entries.get(n) ?? []).join(' ')} ${command}`))
  }
  return entries
}

/** What a command accepts, as its refusal of an unknown option lists them (without --config, which all take). */
async function accepted(command: string[]): Promise<string[]> {
  const r = await runCli(ws, [...command, '--qqqqqqqqqqqqqqqq'])
  const list = /the options are ([^;]*)/.exec(r.stderr)?.[1] ?? ''
  return flagsIn(list).filter((f) => f !== '--config')
}

test('every command lists the same options in --help, in its own --help, and takes exactly those', async () => {
  const top = await topLevel()
  const problems: string[] = []
  const check = async (command: string, listed: string[]) => {
    const fromTop = top.get(command) ?? []
    const takes = await accepted(command.split(' '))
    if (fromTop.join() !== listed.join()) problems.push(`${command}: --help ${fromTop} but its own ${listed}`)
    if (takes.join() !== listed.join()) problems.push(`${command}: listed ${listed} but takes ${takes}`)
  }
  // A group's commands at once: a process each, and some forty in all.
  for (const group of GROUPS) {
    // Each command's usage and the lines that continue it, deeper than what it does (6 spaces in); what it does and
    // its options follow, and are not its usage.
    const usages = new Map<string, string>()
    let at: string | undefined
    for (const line of (await runCli(ws, [group, '--help'])).stdout.split('\n')) {
      const m = new RegExp(`^ {2}lead-signals ${group} ([a-z-]+)(.*)$`).exec(line)
      if (m) {
        at = m[1] as string
        usages.set(at, m[2] as string)
      } else if (at && /^ {7,}\S/.test(line)) usages.set(at, `${usages.get(at)} ${line}`)
      else at = undefined
    }
    await Promise.all([...usages].map(([sub, usage]) => check(`${group} ${sub}`, flagsIn(usage))))
  }
  for (const single of SINGLE) {
    // Its last line says that every command takes --config.
    const own = (await runCli(ws, [single, '--help'])).stdout.split('\n').slice(0, -2)
    await check(single, flagsIn(own.map((l) => l.trimStart().replace(/ {2,}[^-[(].*$/, '')).join(' ')))
  }
  expect(problems).toEqual([])
})

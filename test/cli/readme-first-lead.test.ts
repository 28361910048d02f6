// The README's way from a build to a first lead ("The executable", "Your first real lead"), run as written by a person
// in one terminal: its first block started `serve` in the foreground, which holds the terminal, and the `serve &` of
// the later block then stopped with "port 8080 is in use". The commands start one server, once.
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

const README = readFileSync(resolve(import.meta.dir, '../../README.md'), 'utf8')

/** The command lines of the sh blocks between two headings, continuation lines joined, comments dropped. */
function commands(from: string, to: string): string[] {
  const section = README.slice(README.indexOf(from), README.indexOf(to))
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) =>
    (m[1] as string)
      .replace(/\\\n\s*/g, ' ')
      .split('\n')
      .map((l) => l.replace(/\s+#.*$/, '').trim())
      .filter(Boolean),
  )
}

describe("the README's first hour with the executable", () => {
  test('starts the server once, in the background, so the commands after it run in the same terminal', () => {
    const lines = commands('## The executable', '### Commands')
    expect(lines[0]).toBe('npm run build')
    const servers = lines.filter((l) => /^\.\/dist\/lead-signals serve\b/.test(l))
    expect(servers).toEqual(['./dist/lead-signals serve &'])
    // Every command before it works on the database without a server.
    expect(lines.indexOf('./dist/lead-signals poll --once')).toBeLessThan(lines.indexOf(servers[0] as string))
  })
})

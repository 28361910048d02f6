import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'

// Code is formatted at 120 characters a line (biome.json, lineWidth), but the formatter leaves comments as written:
// a comment line past it runs off a side-by-side diff and a review's window. The learned model's and the rules' files
// (src/scorers/model, src/scorers/rules) change only with their training and tuning, and are left to them.
const ROOT = resolve(import.meta.dir, '../..')
const WIDTH = 120
const LEFT_ALONE = ['src/scorers/model/', 'src/scorers/rules/']

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name)
    return e.isDirectory() ? files(p) : /\.tsx?$/.test(p) ? [p] : []
  })
}

/** The lines of `text` (1-based) that are comments wider than WIDTH: `//` lines and the lines of a block comment. */
export function wideComments(text: string): number[] {
  const wide: number[] = []
  let inBlock = false
  text.split('\n').forEach((line, i) => {
    const start = !inBlock && /^\s*\/\*/.test(line)
    const comment = inBlock || start || /^\s*\/\//.test(line)
    if (start) inBlock = true
    if (inBlock && line.includes('*/')) inBlock = false
    if (comment && line.length > WIDTH) wide.push(i + 1)
  })
  return wide
}

describe('comments', () => {
  test(`no comment line in src or test is wider than ${WIDTH} characters`, () => {
    const wide = ['src', 'test']
      .flatMap((dir) => files(join(ROOT, dir)))
      .map((path) => relative(ROOT, path))
      .filter((path) => !LEFT_ALONE.some((dir) => path.startsWith(dir)))
      .flatMap((path) => wideComments(readFileSync(join(ROOT, path), 'utf8')).map((n) => `${path}:${n}`))
    expect(wide).toEqual([])
  })

  test('the check finds a wide // line and a wide line of a block comment, not a wide line of code', () => {
    const long = 'x'.repeat(WIDTH)
    const text = [`// ${long}`, '/**', ` * ${long}`, ' */', `const s = '${long}'`, '// short'].join('\n')
    expect(wideComments(text)).toEqual([1, 3])
  })
})

// The documents in docs/ are what code comments cite (`// docs/api.md#quota`) and what the README links to: a link
// or a citation to a heading that was renamed must fail here, not leave a reader at the top of a page.
import { describe, expect, test } from 'bun:test'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { PROMPT_VERSION } from '../../src/scorers/prompt'

const ROOT = resolve(import.meta.dir, '../..')
const DOCS = join(ROOT, 'docs')

/**
 * The anchors GitHub gives a Markdown file's headings: lower case, punctuation dropped, spaces to dashes, repeats
 * numbered.
 */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced
    const m = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!m) continue
    const base = m[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .trim()
      .replace(/\s/g, '-')
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    anchors.add(n === 0 ? base : `${base}-${n}`)
  }
  return anchors
}

const anchorCache = new Map<string, Set<string>>()
const anchorsIn = (file: string) => {
  const known = anchorCache.get(file)
  if (known) return known
  const found = anchorsOf(readFileSync(file, 'utf8'))
  anchorCache.set(file, found)
  return found
}

/** Why a link target (a file path relative to `from`, and an anchor) does not resolve, or undefined when it does. */
function brokenTarget(from: string, path: string, anchor: string | undefined): string | undefined {
  const file = path === '' ? from : resolve(dirname(from), path)
  if (!existsSync(file)) return `no file ${relative(ROOT, file)}`
  if (anchor === undefined) return undefined
  if (!file.endsWith('.md')) return `an anchor into ${relative(ROOT, file)}, which is not Markdown`
  return anchorsIn(file).has(anchor) ? undefined : `no heading #${anchor} in ${relative(ROOT, file)}`
}

function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory())
      return name === 'node_modules' || name.startsWith('.') ? [] : filesUnder(path, keep)
    return keep(path) ? [path] : []
  })
}

const markdownFiles = [join(ROOT, 'README.md'), ...filesUnder(DOCS, (p) => p.endsWith('.md'))]

describe('docs/', () => {
  test('anchors are made as GitHub makes them', () => {
    expect([
      ...anchorsOf(
        '# The HTTP API\n## Order of checks\n### Monthly quota, then credits\n## `POST /mcp`\n## Order of checks\n```\n# not a heading\n```\n',
      ),
    ]).toEqual(['the-http-api', 'order-of-checks', 'monthly-quota-then-credits', 'post-mcp', 'order-of-checks-1'])
  })

  test('the four documents exist', () => {
    for (const name of ['api.md', 'operations.md', 'scoring.md', 'architecture.md'])
      expect(existsSync(join(DOCS, name))).toBe(true)
  })

  test('every relative link of the README and of docs/ leads to an existing file and heading', () => {
    const broken: string[] = []
    for (const file of markdownFiles) {
      const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '')
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target)) continue
        const [path, anchor] = target.split('#') as [string, string | undefined]
        const why = brokenTarget(file, path, anchor)
        if (why) broken.push(`${relative(ROOT, file)}: (${target}): ${why}`)
      }
    }
    expect(broken).toEqual([])
  })

  test('every docs/… citation in code, scripts, tests and the example configuration names an existing heading', () => {
    const sources = [
      ...['src', 'scripts', 'test', 'bench'].flatMap((d) => filesUnder(join(ROOT, d), (p) => /\.(tsx?|md)$/.test(p))),
      join(ROOT, 'config.example.toml'),
      join(ROOT, '.ci', 'run'),
      join(ROOT, 'build.ts'),
    ].filter((p) => existsSync(p) && p !== import.meta.path)
    const broken: string[] = []
    let citations = 0
    for (const file of sources) {
      for (const [cited, name, anchor] of readFileSync(file, 'utf8').matchAll(
        /(?<![\w/.-])docs\/([\w-]+\.md)(?:#([\w-]+))?/g,
      )) {
        citations++
        const why = brokenTarget(join(DOCS, 'x.md'), name, anchor)
        if (why) broken.push(`${relative(ROOT, file)}: ${cited}: ${why}`)
      }
    }
    expect(broken).toEqual([])
    expect(citations).toBeGreaterThan(0)
  })

  test('scoring.md states the prompt version the code uses', () => {
    expect(readFileSync(join(DOCS, 'scoring.md'), 'utf8')).toContain(`version **\`${PROMPT_VERSION}\`**`)
  })
})

// docs/scoring.md names the scorer inside the executable (backend `rules`) "the embedded scorer", a learned model;
// "the rules scorer" read as keyword rules with no model. The documents a user reads, and the example configuration,
// use the one name. Left out: docs/model.md's section on the rules that read posts for the model (a part of it),
// and the developers' docs/architecture.md and docs/performance.md, which name the code's parts.
import { expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dir, '../..')
const PARTS = ['docs/model.md', 'docs/architecture.md', 'docs/performance.md']
const USERS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`)
    .filter((f) => !PARTS.includes(f)),
]

test('the user documents say "the embedded scorer"; "rules scorer" only as the wording of reasons stored before', () => {
  // An earlier version's stored reason says "the rules scorer": the console still reads it, and the docs say so.
  const found: string[] = []
  for (const file of USERS)
    for (const paragraph of readFileSync(join(ROOT, file), 'utf8').split(/\n\s*\n|\n(?=- )/))
      if (/rules scorer/i.test(paragraph) && !/earlier version/.test(paragraph))
        found.push(`${file}: ${paragraph.slice(0, 120)}`)
  expect(found).toEqual([])
})

test('config.example.toml says what the backend `rules` is: the embedded scorer', () => {
  const lines = readFileSync(join(ROOT, 'config.example.toml'), 'utf8').split('\n')
  const backend = lines.find((l) => l.startsWith('backend = ')) ?? ''
  const fallback = lines.find((l) => l.startsWith('fallback = ')) ?? ''
  expect(backend).toContain('"rules" (the embedded scorer')
  expect(fallback).toContain('the embedded scorer')
})

/**
 * The training corpus (data/training/*.jsonl, described in data/training/README.md): posts written for training, in
 * the row format of the intents set (docs/scoring.md#the-intents-set), read in file and line order.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { ScoreInput } from '../../src/scorers/types'
import { excludedIds, heldOutFiles, heldOutMarkets, otherScriptsFiles, otherLanguagesFiles } from './corpus-lists'
import { CORPUS_DIR } from './paths'
export const LABELS = ['ACTIVE', 'COMPETITOR', 'PAIN', 'QUESTION', 'MENTION', 'NONE'] as const
export type Label = (typeof LABELS)[number]

export type CorpusRow = {
  id: string
  platform: string
  keyword: string
  icp: string
  competitors: string[]
  content: string
  label: Label
  lang: string
  market: string
  /** Of a file trained on only by the weights for posts in other languages and other scripts (otherLanguagesFiles). */
  otherLanguagesOnly?: true
  /** Of a file trained on only by the weights for posts in Japanese and other scripts (otherScriptsFiles). */
  otherScriptsOnly?: true
}

/** The corpus files, in name order. */
export function corpusFiles(dir = CORPUS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => join(dir, f))
}

/**
 * Every well-formed row not excluded, not of a held-out file and not of a held-out market; a line that is not a row of
 * the format is counted in `skipped` with its place, an excluded row in `excluded`, a held-out file's row in
 * `heldOutByFile`, a held-out market's row in `heldOut`.
 */
export function readCorpus(dir = CORPUS_DIR): {
  rows: CorpusRow[]
  skipped: string[]
  excluded: CorpusRow[]
  heldOut: CorpusRow[]
  heldOutByFile: CorpusRow[]
} {
  const rows: CorpusRow[] = []
  const skipped: string[] = []
  const excluded: CorpusRow[] = []
  const heldOut: CorpusRow[] = []
  const heldOutByFile: CorpusRow[] = []
  const leftOut = excludedIds(dir)
  const unseen = heldOutMarkets(dir)
  const apart = heldOutFiles(dir)
  const otherLanguagesOnly = otherLanguagesFiles(dir)
  const otherScriptsOnly = otherScriptsFiles(dir)
  for (const file of corpusFiles(dir)) {
    const fileHeldOut = apart.has(basename(file))
    const only = otherLanguagesOnly.has(basename(file))
      ? { otherLanguagesOnly: true as const }
      : otherScriptsOnly.has(basename(file))
        ? { otherScriptsOnly: true as const }
        : undefined
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (line.trim() === '') return
        const row = rowOf(line, `${file}:${i + 1}`)
        if (!row) {
          skipped.push(`${file}:${i + 1}`)
          return
        }
        const into = leftOut.has(row.id)
          ? excluded
          : fileHeldOut
            ? heldOutByFile
            : unseen.has(row.market.toLowerCase())
              ? heldOut
              : rows
        into.push(only ? { ...row, ...only } : row)
      })
  }
  return { rows, skipped, excluded, heldOut, heldOutByFile }
}

/** A line of a corpus file as a row (`place` names it when it has no id), or undefined when it is not one. */
export function rowOf(line: string, place: string): CorpusRow | undefined {
  try {
    const r = JSON.parse(line)
    const label = String(r.label ?? '').toUpperCase()
    if (typeof r.content !== 'string' || typeof r.keyword !== 'string' || !LABELS.includes(label as Label))
      return undefined
    return {
      id: String(r.id ?? place),
      platform: String(r.platform ?? ''),
      keyword: r.keyword,
      icp: typeof r.icp === 'string' ? r.icp : '',
      competitors: Array.isArray(r.competitors) ? r.competitors.filter((c: unknown) => typeof c === 'string') : [],
      content: r.content,
      label: label as Label,
      lang: String(r.lang ?? ''),
      market: String(r.market ?? ''),
    }
  } catch {
    return undefined
  }
}

/** The rows of one corpus file, in line order; lines that are not rows are left out. */
export function readRows(file: string): CorpusRow[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, i) => (line.trim() === '' ? [] : (rowOf(line, `${file}:${i + 1}`) ?? [])))
}

/** A row as polling asks about it: the seller's ICP as the team's one profile, named by the row's id. */
export function asProfileInput(r: CorpusRow): ScoreInput {
  const icps = r.icp ? [{ name: r.id, description: r.icp, competitors: r.competitors }] : []
  return { content: r.content, keyword: r.keyword, icps }
}

/**
 * A row as the score route asks about it for a team without profiles: what the seller sells as the `context` (with
 * its competitors named the way a caller writes them), and the keyword.
 */
export function asContextInput(r: CorpusRow): ScoreInput {
  const rivals = r.competitors.length > 0 ? ` Competitors: ${r.competitors.join(', ')}.` : ''
  return { content: r.content, keyword: r.keyword, context: `${r.icp}${rivals}`, icps: [] }
}

/** A row as the score route and the MCP tool may ask about it: the team's profile, and no keyword. */
export function asUnfoundInput(r: CorpusRow): ScoreInput {
  return { ...asProfileInput(r), keyword: undefined }
}

/** A row as polling asks about it for a team without profiles: the keyword alone stands for what it sells. */
export function asKeywordInput(r: CorpusRow): ScoreInput {
  return { content: r.content, keyword: r.keyword, icps: [] }
}

/** A row with nothing beside the text, as the complaints file is scored: no keyword, profile or context. */
export function asBareInput(r: CorpusRow): ScoreInput {
  return { content: r.content, icps: [] }
}

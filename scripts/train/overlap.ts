/**
 * The corpus must not hold text of the evaluation data (docs/scoring.md#the-training-corpus): no corpus post may share
 * a run of 8 words with a file of `../shared/eval-data/` or `scripts/eval/sample/`. Words are compared in lower case,
 * letters and digits only, so punctuation, quoting and the files' formats (CSV, JSON Lines) change nothing. What it
 * reports names the corpus row and the eval file, never the shared words: eval text is not to be read.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

export const RUN = 8

/** Lower-case words of letters and digits, in order. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
}

/** Every run of RUN words of a text, as one string. */
export function runsOf(text: string): string[] {
  const words = wordsOf(text)
  const out: string[] = []
  for (let i = 0; i + RUN <= words.length; i++) out.push(words.slice(i, i + RUN).join(' '))
  return out
}

/** The runs of every file of the folders that exist, each with the file it came from. */
export function evalRuns(dirs: readonly string[]): Map<string, string> {
  const runs = new Map<string, string>()
  for (const dir of dirs) {
    if (!existsSync(dir)) continue
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name)
      if (!statSync(path).isFile()) continue
      for (const run of runsOf(readFileSync(path, 'utf8'))) if (!runs.has(run)) runs.set(run, path)
    }
  }
  return runs
}

/** The corpus rows sharing a run of RUN words with the eval files: row id and file, never the words. */
export function overlaps(
  posts: readonly { id: string; content: string }[],
  runs: ReadonlyMap<string, string>,
): { id: string; file: string }[] {
  const out: { id: string; file: string }[] = []
  for (const p of posts) {
    const hit = runsOf(p.content).find((r) => runs.has(r))
    if (hit) out.push({ id: p.id, file: runs.get(hit) as string })
  }
  return out
}

/**
 * Writes data/training/README.md: how the corpus was made and what it holds, counted from the rows themselves, so
 * that it never drifts from them (a test compares the file with what this writes).
 *
 *   bun scripts/train/readme.ts          write it
 */
import { writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { type CorpusRow, corpusFiles, LABELS, readCorpus } from './corpus'
import { readCustomerProfiles } from './customer-profiles'
import { HOW } from './readme-how'
import { CORPUS_DIR } from './paths'

export const README = join(CORPUS_DIR, 'README.md')

function table(title: string, rows: readonly CorpusRow[], key: (r: CorpusRow) => string, order?: readonly string[]) {
  const counts = new Map<string, number>()
  for (const r of rows) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1)
  const names = order
    ? order.filter((n) => counts.has(n))
    : [...counts.keys()].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0) || a.localeCompare(b))
  return [`### ${title} (${names.length})`, '', `| ${title.toLowerCase()} | posts |`, '|---|---|']
    .concat(names.map((n) => `| ${n || '(none)'} | ${counts.get(n)} |`))
    .join('\n')
}

/** The README for the corpus in `dir`. */
export function readmeText(dir = CORPUS_DIR): string {
  const { rows, excluded, heldOut, heldOutByFile } = readCorpus(dir)
  const words = (r: CorpusRow) => r.content.split(/\s+/).filter(Boolean).length
  const short = rows.filter((r) => words(r) < 40).length
  const long = rows.filter((r) => words(r) > 100).length
  const profiles = readCustomerProfiles(dir)
  const profileCount = [...profiles.values()].reduce((n, ps) => n + ps.length, 0)
  const counts = [
    '## What it holds',
    '',
    `${rows.length} posts to train on (${rows.filter((r) => r.otherLanguagesOnly).length} of them only the weights for ` +
      `other languages and other scripts, ${rows.filter((r) => r.otherScriptsOnly).length} only those for other scripts); ` +
      `${short} under 40 words, ${rows.length - short - long} of 40-100, ${long} over 100. ` +
      `${profileCount} customer profiles of ${profiles.size} markets. ` +
      `${heldOut.length} more posts, of the ${new Set(heldOut.map((r) => r.market.toLowerCase())).size} held-out markets, and ` +
      `${heldOutByFile.length} of the held-out files are not counted below.` +
      (excluded.length > 0
        ? ` ${excluded.length === 1 ? 'One more post' : `${excluded.length} more posts`} (${excluded.map((r) => r.id).join(', ')})` +
          ` ${excluded.length === 1 ? 'is' : 'are'} left out of training and of these counts: the overlap check found` +
          ` ${excluded.length === 1 ? 'it' : 'each'} sharing a run of 8 words with the evaluation data (\`excluded.txt\`).`
        : ''),
    '',
    table('Label', rows, (r) => r.label, LABELS),
    '',
    table('Language', rows, (r) => r.lang),
    '',
    table('Platform', rows, (r) => r.platform),
    '',
    table('Market', rows, (r) => r.market.toLowerCase()),
  ]
  // One prefix of file names per writing session, as the files have them.
  const prefixes = [...new Set(corpusFiles(dir).map((f) => `\`${basename(f).split('-')[0]}-\``))].join(', ')
  return `${HOW.replace('PREFIXES', prefixes)}\n${counts.join('\n')}\n`
}

if (import.meta.main) {
  writeFileSync(README, readmeText())
  console.log(`readme: wrote ${README}`)
}

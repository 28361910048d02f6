// The training corpus (data/training/, docs/model.md#the-training-corpus): no post shares a run of 8 words with the
// evaluation data, the check itself finds such a run, the held-out markets and files stay out of training, and the
// corpus README is the one its rows give.
import { describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { corpusFiles, readCorpus } from '../../scripts/train/corpus'
import { heldOutFiles, heldOutMarkets } from '../../scripts/train/corpus-lists'
import { readCustomerProfiles } from '../../scripts/train/customer-profiles'
import { evalRuns, overlaps } from '../../scripts/train/overlap'
import { README, readmeText } from '../../scripts/train/readme'

const ROOT = resolve(import.meta.dir, '../..')
// The full data beside the repository when it is there, and the sample in the repository always.
const EVAL_DIRS = [join(ROOT, '..', 'shared', 'eval-data'), join(ROOT, 'scripts', 'eval', 'sample')]

describe('the training corpus', () => {
  test('has rows, and none trained on shares a run of 8 words with the evaluation data (ids and files reported only)', () => {
    const { rows, skipped, excluded, heldOut, heldOutByFile } = readCorpus()
    expect(skipped).toEqual([])
    expect(rows.length).toBeGreaterThan(0)
    const runs = evalRuns(EVAL_DIRS)
    expect(overlaps(rows, runs)).toEqual([])
    // The held-out markets' posts are written as training posts are, to be trained on one day.
    expect(overlaps(heldOut, runs)).toEqual([])
    expect(overlaps(heldOutByFile, runs)).toEqual([])
    // The markets' customer profiles (customer-profiles.json) are training text too.
    const profiles = [...readCustomerProfiles()].flatMap(([market, ps]) =>
      ps.map((p, i) => ({ id: `${market} #${i + 1}`, content: p.description })),
    )
    expect(profiles.length).toBeGreaterThan(0)
    expect(overlaps(profiles, runs)).toEqual([])
    // Each row left out of training is one the check finds (data/training/excluded.txt), or it would be left out for
    // nothing; without the full data beside the repository, only the sample can be checked.
    if (existsSync(EVAL_DIRS[0] as string))
      expect(overlaps(excluded, runs).map((o) => o.id)).toEqual(excluded.map((r) => r.id))
  })

  test('no post of a held-out market is trained on, and every held-out market has posts', () => {
    const { rows, heldOut } = readCorpus()
    const held = heldOutMarkets()
    expect(held.size).toBeGreaterThan(0)
    expect(rows.filter((r) => held.has(r.market.toLowerCase()))).toEqual([])
    expect(new Set(heldOut.map((r) => r.market.toLowerCase()))).toEqual(held)
  })

  test('no post of a held-out file is trained on, and every held-out file is in the corpus with posts', () => {
    const { rows, heldOutByFile } = readCorpus()
    const files = corpusFiles().filter((f) => heldOutFiles().has(basename(f)))
    expect(files.length).toBe(heldOutFiles().size)
    const ids = files.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => String(JSON.parse(l).id)),
    )
    expect(ids.length).toBeGreaterThan(0)
    expect(heldOutByFile.map((r) => r.id).sort()).toEqual(ids.sort())
    const trained = new Set(rows.map((r) => r.id))
    expect(ids.filter((id) => trained.has(id))).toEqual([])
  })

  test('the check finds a planted run of 8 words, whatever the case and punctuation, and not a run of 7', () => {
    const dir = mkdtempSync(join(tmpdir(), 'overlap-'))
    try {
      writeFileSync(
        join(dir, 'intents.jsonl'),
        `${JSON.stringify({ content: 'Our warehouse team keeps losing pallets between the dock and the racks, help' })}\n`,
      )
      const runs = evalRuns([dir, join(dir, 'absent')])
      const posts = [
        { id: 'eight', content: 'so... KEEPS losing pallets between the dock, and the racks!! again' },
        { id: 'seven', content: 'it keeps losing pallets between the dock and our racks' },
        { id: 'none', content: 'pallets, docks and racks: a warehouse story' },
      ]
      expect(overlaps(posts, runs)).toEqual([{ id: 'eight', file: join(dir, 'intents.jsonl') }])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('its README gives the counts of its rows (regenerate with `bun scripts/train/readme.ts`)', () => {
    expect(readFileSync(README, 'utf8')).toBe(readmeText())
  })
})

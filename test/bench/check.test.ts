import { describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { compare, referenceFrom, remember } from '../../bench/check'
import type { Figure } from '../../bench/figures'

// docs/performance.md#checking-for-regressions
const rps = (value: number): Figure => ({ name: 'rows/s', value, better: 'higher' })
const ms = (value: number): Figure => ({ name: 'p99 ms', value, better: 'lower' })

function historyOf(runs: Figure[][]) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-check-'))
  const path = join(dir, 'history.jsonl')
  for (const [i, figures] of runs.entries()) remember(path, figures, new Date(Date.UTC(2026, 10, 26, 0, i)))
  return { path, done: () => rmSync(dir, { recursive: true, force: true }) }
}

describe('bench --check', () => {
  test('the reference is the median of the last runs, with the spread between them as the allowance', () => {
    const h = historyOf([
      [rps(1000), ms(10)],
      [rps(900), ms(12)],
      [rps(1100), ms(11)],
    ])
    const ref = referenceFrom(h.path)
    h.done()
    expect(ref['rows/s'].value).toBe(1000)
    expect(ref['rows/s'].allowance).toBeCloseTo(((1100 - 900) / 1000) * 1.5)
    expect(ref['p99 ms'].value).toBe(11)
    expect(ref['p99 ms'].runs).toBe(3)
  })

  test('a figure worse than the reference by more than its allowance is a regression; within it, or better, is not', () => {
    const h = historyOf([
      [rps(1000), ms(10)],
      [rps(1000), ms(10)],
    ])
    const ref = referenceFrom(h.path)
    h.done()
    // Identical runs: the allowance is the floor of 10%.
    expect(ref['rows/s'].allowance).toBe(0.1)
    const verdicts = (figures: Figure[]) => compare(figures, ref).map((v) => v.ok)
    expect(verdicts([rps(905), ms(10.9)])).toEqual([true, true])
    expect(verdicts([rps(895), ms(11.1)])).toEqual([false, false])
    expect(verdicts([rps(5000), ms(1)])).toEqual([true, true])
  })

  test('a figure with a single run makes no reference, and a figure the reference lacks is reported, not failed', () => {
    const h = historyOf([[rps(1000)]])
    const ref = referenceFrom(h.path)
    h.done()
    expect(ref).toEqual({})
    expect(compare([rps(1)], ref)).toEqual([{ name: 'rows/s', value: 1, ok: true }])
  })
})

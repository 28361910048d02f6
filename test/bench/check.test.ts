import { describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { compare, referenceFrom, remember } from '../../bench/check'
import { type Figure, figuresSince } from '../../bench/figures'

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

describe('bench figures', () => {
  // A run on a host at half its speed: the service and the bare baseline beside it both take twice as long.
  function resultsAt(speed: number) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-figures-'))
    const at = new Date().toISOString()
    const pipelineRun = {
      first: { wallMs: 10_000 / speed, summary: { totals: { fetched: 100_000 } } },
      baseline: { items: 100_000, wallMs: 400 / speed },
      scorerUs: 60,
    }
    const scenario = { name: 'GET /x', ratio: 0.5, p99Ms: 4 / speed, ceiling: { p99Ms: 2 / speed } }
    const files = {
      'last-pipeline.json': { at, runs: [pipelineRun] },
      'last-run.json': {
        at,
        scenarios: [scenario],
        startupMs: 300 / speed,
        bareStartupMs: 100 / speed,
        idleRssMb: 140,
      },
      'last-delivery.json': {
        at,
        webhooksPerSec: 1000 * speed,
        bareWebhooksPerSec: 8000 * speed,
        emailsPerSec: 100 * speed,
        bareEmailsPerSec: 200 * speed,
      },
    }
    for (const [file, json] of Object.entries(files)) writeFileSync(join(dir, file), JSON.stringify(json))
    const figures = figuresSince(dir, new Date(Date.now() - 60_000))
    rmSync(dir, { recursive: true, force: true })
    return Object.fromEntries(figures.map((f) => [f.name, f.value]))
  }

  test('a rate or time the host decides is a share of the bare baseline of the same run, so a slow host moves neither', () => {
    const fast = resultsAt(1)
    expect(resultsAt(0.5)).toEqual(fast)
    expect(fast['pipeline: mentions fetched/s, share of the bare client']).toBeCloseTo(0.04)
    expect(fast["http GET /x: p99 over bare Bun.serve's"]).toBeCloseTo(2)
    expect(fast["start-up over bare Bun.serve's"]).toBeCloseTo(3)
    expect(fast['delivery: instant webhooks, share of a bare sender']).toBeCloseTo(0.125)
    expect(fast['delivery: e-mails, share of a bare sender']).toBeCloseTo(0.5)
  })

  test('a result file that does not say when it was written is not taken for this run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-figures-'))
    writeFileSync(join(dir, 'last-delivery.json'), JSON.stringify({ webhooksPerSec: 1, bareWebhooksPerSec: 2 }))
    const figures = figuresSince(dir, new Date(Date.now() - 60_000))
    rmSync(dir, { recursive: true, force: true })
    expect(figures).toEqual([])
  })
})

/**
 * Labelled posts for the evaluation: the public data of shared/eval-data (see its README) or the sample in
 * scripts/eval/sample, in the same two files and formats. Read at run time only: nothing under src/ imports this
 * module, so the data never reaches the product.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Intent } from '../../src/scorers/types'

/** RFC 4180 CSV: quoted fields may hold commas, newlines and doubled quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"'
          i++
        } else quoted = false
      } else field += ch
    } else if (ch === '"' && field === '') quoted = true
    else if (ch === ',') {
      row.push(field)
      field = ''
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += ch
  }
  if (field !== '' || row.length > 0) {
    row.push(field)
    rows.push(row)
  }
  return rows.filter((r) => !(r.length === 1 && r[0] === ''))
}

export type Item = { text: string; positive: boolean }

/** One binary task: which intents count as the positive label, and the names used in the report. */
export type Task = {
  file: string
  title: string
  positive: string
  negative: string
  /** The intent the trivial baselines predict for everything ("everything PAIN") or for nothing. */
  baselineIntent: Intent
  isPositive: (intent: Intent) => boolean
  /** Decisive: --min-macro-f1 applies to this task. */
  gate: boolean
  items: Item[]
  skipped: number
}

export const COMPLAINTS_FILE = 'complaints-data.csv'
export const PURCHASE_FILE = 'purchase-intent-iphonex.csv'

/** `tweet_id, text, label, domain`, no header; label 1 = complaint. A complaint should come out PAIN or COMPETITOR. */
export function complaintsTask(dir: string): Task {
  const items: Item[] = []
  let skipped = 0
  for (const [, text, label] of parseCsv(readFileSync(join(dir, COMPLAINTS_FILE), 'utf8'))) {
    const l = (label ?? '').trim()
    if (text === undefined || (l !== '0' && l !== '1')) skipped++
    else items.push({ text, positive: l === '1' })
  }
  return {
    file: COMPLAINTS_FILE,
    title: 'complaints: complaint (PAIN or COMPETITOR) vs not',
    positive: 'complaint',
    negative: 'not complaint',
    baselineIntent: 'PAIN',
    isPositive: (i) => i === 'PAIN' || i === 'COMPETITOR',
    gate: true,
    items,
    skipped,
  }
}

/** Header `class,text`; yes / Yes / PI = purchase intent, no / No = none, anything else (undefined, -) skipped. */
export function purchaseTask(dir: string): Task {
  const items: Item[] = []
  let skipped = 0
  for (const [cls, text] of parseCsv(readFileSync(join(dir, PURCHASE_FILE), 'utf8')).slice(1)) {
    const k = (cls ?? '').trim().toLowerCase()
    const positive = k === 'yes' || k === 'pi' ? true : k === 'no' ? false : null
    if (positive === null || text === undefined) skipped++
    else items.push({ text, positive })
  }
  return {
    file: PURCHASE_FILE,
    title: 'purchase intent: ACTIVE vs not (smoke test, noisy labels)',
    positive: 'ACTIVE',
    negative: 'not ACTIVE',
    baselineIntent: 'ACTIVE',
    isPositive: (i) => i === 'ACTIVE',
    gate: false,
    items,
    skipped,
  }
}

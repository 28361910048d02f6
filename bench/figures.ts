// The figures `npm run bench -- --check` compares (bench/check.ts): read from the result files the sections write
// to bench/.out, only those written since `since` (the sections of this run). Each says which way is better. A rate or
// time that the host's speed decides as much as the service is compared as a share (or multiple) of a bare baseline
// measured in the same run: this host ran at a third to half of its usual speed for hours, and every absolute rate
// then read as a regression (docs/performance.md#checking-for-regressions).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export type Better = 'higher' | 'lower'
export type Figure = { name: string; value: number; better: Better }

type Json = Record<string, any>
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

// One reader per result file: what of it is a figure.
const READERS: Record<string, (r: Json) => Figure[]> = {
  'last-run.json': (r) => [
    ...r.scenarios.flatMap((s: Json) => [
      { name: `http ${s.name}: share of bare Bun.serve`, value: s.ratio, better: 'higher' as const },
      { name: `http ${s.name}: p99 over bare Bun.serve's`, value: s.p99Ms / s.ceiling.p99Ms, better: 'lower' as const },
    ]),
    { name: "start-up over bare Bun.serve's", value: r.startupMs / r.bareStartupMs, better: 'lower' },
    { name: 'idle RSS MB', value: r.idleRssMb, better: 'lower' },
  ],
  'last-pipeline.json': (r) => [
    {
      name: 'pipeline: mentions fetched/s, share of the bare client',
      value: median(
        r.runs.map(
          (x: Json) =>
            x.first.summary.totals.fetched / (x.first.wallMs / 1000) / (x.baseline.items / (x.baseline.wallMs / 1000)),
        ),
      ),
      better: 'higher',
    },
    { name: 'pipeline: rules scorer µs a call', value: median(r.runs.map((x: Json) => x.scorerUs)), better: 'lower' },
    ...(r.runs[0]?.post1200
      ? [
          {
            name: 'pipeline: rules scorer µs on a 1,200-character post',
            value: median(r.runs.map((x: Json) => x.post1200.us)),
            better: 'lower' as const,
          },
        ]
      : []),
    ...(r.triage
      ? [
          {
            name: 'triage: model calls per 1,000 mentions',
            value: (1000 * r.triage.triage.calls) / r.triage.triage.mentions,
            better: 'lower' as const,
          },
          {
            name: 'triage: pass seconds per 1,000 mentions',
            value: r.triage.triage.run.wallMs / r.triage.triage.mentions,
            better: 'lower' as const,
          },
        ]
      : []),
  ],
  'last-delivery.json': (r) => [
    {
      name: 'delivery: instant webhooks, share of a bare sender',
      value: r.webhooksPerSec / r.bareWebhooksPerSec,
      better: 'higher',
    },
    { name: 'delivery: e-mails, share of a bare sender', value: r.emailsPerSec / r.bareEmailsPerSec, better: 'higher' },
  ],
  'last-hostile.json': (r) =>
    r.rows.map((x: Json) => ({ name: `hostile ${x.name}: median ms`, value: x.medianMs, better: 'lower' })),
  'last-import.json': (r) => [
    { name: 'import: p99 ms of GET /api/v1/signals beside it', value: r.p99Ms, better: 'lower' },
    { name: 'import: lines/s', value: r.lines / (r.importMs / 1000), better: 'higher' },
  ],
  'last-export.json': (r) => {
    // The first export of each format after start: the one the target is about.
    const first = new Map<string, Json>()
    // The bare streams beside them are the ceiling, not figures of the service.
    for (const x of r.runs) if (x.name.startsWith('GET') && !first.has(x.name)) first.set(x.name, x)
    return [...first.values()].flatMap((x) => [
      { name: `export ${x.name}: RSS growth MB`, value: x.growthMb, better: 'lower' as const },
      { name: `export ${x.name}: lines/s`, value: x.lines / x.seconds, better: 'higher' as const },
    ])
  },
  'last-sqld.json': (r) =>
    r.rows.map((x: Json) => ({ name: `sqld ${x.route} on ${x.setup}: req/s`, value: x.rps, better: 'higher' })),
}

/** The figures of every result file written at or after `since`. */
export function figuresSince(outDir: string, since: Date): Figure[] {
  const figures: Figure[] = []
  for (const [file, read] of Object.entries(READERS)) {
    const path = join(outDir, file)
    if (!existsSync(path)) continue
    const result = JSON.parse(readFileSync(path, 'utf8')) as Json
    // A file without its time (delivery's, before 2026-12-06) is not known to be of this run.
    if (!(Date.parse(result.at) >= since.getTime())) continue
    figures.push(...read(result).filter((f) => Number.isFinite(f.value)))
  }
  return figures
}

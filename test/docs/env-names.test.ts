// docs/operations.md#environment-overrides: a LEAD_SIGNALS_* variable that names no key stops every command, so each
// one the documents or the deployment files show must be a configuration key or one of the CLI's own variables. A
// sample that told a reader to set another (a receiver's secret, say, beside the service) would stop the service.
import { expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { ConfigError, loadConfig } from '../../src/config/load'

const ROOT = resolve(import.meta.dir, '../..')
const files = [
  'README.md',
  'config.example.toml',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  ...readdirSync(join(ROOT, 'deploy'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => `${join(e.parentPath, e.name).slice(ROOT.length + 1)}`),
]

test('every LEAD_SIGNALS_* variable the documents name is one the service takes', () => {
  const refused: string[] = []
  for (const file of files) {
    // A name ending in `_` is a prefix (`LEAD_SIGNALS_<SECTION>_…`), not a variable.
    for (const [name] of readFileSync(join(ROOT, file), 'utf8').matchAll(/\bLEAD_SIGNALS_[A-Z0-9_]*[A-Z0-9]\b/g)) {
      try {
        loadConfig({ env: { [name]: '' } })
      } catch (e) {
        if (e instanceof ConfigError && e.message.includes('is not a configuration key'))
          refused.push(`${file}: ${name}`)
      }
    }
  }
  expect(refused).toEqual([])
})

// Loaded before every test file (bunfig.toml [test] preload): hooks that must run once for the whole test process.
import { afterAll } from 'bun:test'
import { removeTempDirs } from './temp-dirs'
import { removeTestDatabases } from './test-database'

afterAll(async () => {
  removeTempDirs()
  await removeTestDatabases()
})

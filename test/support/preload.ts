// Loaded before every test file (bunfig.toml [test] preload): hooks that must run once for the whole test process.
import { afterAll } from 'bun:test'
import { removeTestDatabases } from './test-database'

afterAll(removeTestDatabases)

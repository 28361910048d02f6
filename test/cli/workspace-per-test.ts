import { afterAll, afterEach, beforeEach } from 'bun:test'
import { type Workspace, withTeam } from './run-cli'

/**
 * For each test of the file that calls it, a workspace of its own whose database holds team `name` (copied from one
 * made once), removed after the test: the returned function gives the running test's.
 */
export function workspacePerTest(name: string) {
  const copies = withTeam(name)
  let current: Workspace | undefined
  beforeEach(async () => {
    current = await copies.make()
  })
  afterEach(() => current?.cleanup())
  afterAll(() => copies.cleanup())
  return () => {
    if (!current) throw new Error('a workspace exists only while a test runs')
    return current
  }
}

import { afterAll, afterEach, beforeEach } from 'bun:test'
import { type Workspace, withTeam } from './run-cli'

/**
 * Each test of the file on two databases of its own, holding team acme and team bravo, each made once by `team create`
 * (test/cli/team.test.ts checks it): an export from one, imported into the other. Registers the file's hooks.
 */
export function acmeAndBravo(): { readonly a: Workspace; readonly b: Workspace } {
  const withAcme = withTeam('acme')
  const withBravo = withTeam('bravo')
  let a: Workspace
  let b: Workspace
  beforeEach(async () => {
    a = await withAcme.make()
    b = await withBravo.make()
  })
  afterEach(() => {
    a.cleanup()
    b.cleanup()
  })
  afterAll(() => {
    withAcme.cleanup()
    withBravo.cleanup()
  })
  return {
    get a() {
      return a
    },
    get b() {
      return b
    },
  }
}

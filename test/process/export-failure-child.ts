// A child process for export-failure-output.test.ts: a server with the production logger (JSON lines on standard
// error) whose database fails on the exports' second page, with an error that carries its query and parameters as
// libSQL's do. Prints its port.
import { createApp } from '../../src/app'
import { buildDeps } from '../../src/deps'
import { createTeam } from '../../src/domain/teams/teams'
import { createLogger } from '../../src/lib/log'
import { testConfig } from '../support/deps'
import { hostileSignals } from '../support/exports'

const deps = await buildDeps(testConfig({ database: { url: ':memory:' } }), { log: createLogger() })
const { team, apiKey } = await createTeam(deps, { name: 'acme', plan: 'growth' })
const row = hostileSignals(team.id)[10]
await deps.repos.signals.insertMany(
  team.id,
  Array.from({ length: 250 }, (_, i) => ({ ...row, id: `sig_f${i}`, postId: `f${i}` })),
)
const open = deps.repos.signalExports.open
deps.repos.signalExports.open = (teamId, filter) => {
  const reader = open(teamId, filter)
  let pages = 0
  return {
    page: (after, limit) => {
      if (++pages < 2) return reader.page(after, limit)
      const err = Object.assign(new Error('SQLITE_IOERR: disk I/O error'), {
        code: 'SQLITE_IOERR',
        query: 'SELECT content_full FROM signals WHERE team_id = ? -- a customer secret',
        params: ['team-secret-param'],
      })
      return Promise.reject(err)
    },
    close: reader.close,
  }
}
const app = createApp(deps).listen({ hostname: '127.0.0.1', port: 0 })
console.log(JSON.stringify({ port: app.server?.port, apiKey }))

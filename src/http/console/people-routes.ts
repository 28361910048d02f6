import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { exportPeople } from '../../domain/people/export'
import * as people from '../../domain/people/people'
import { forgetPerson } from '../../domain/people/forget'
import { AccountsQuery, HeatThreshold, LinkBody, MuteBody, PeopleExportQuery, PeopleQuery } from '../../wire/people'
import { exportResponse } from '../signals/export-response'
import { NoQuery, validated } from '../validated'
import { consoleChecks } from './checks'

/** docs/console.md#people: what the People page and a person's page read and change, for the viewer's team. */
export const consolePeopleRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/console/api', detail: { hide: true } })
    .use(consoleChecks(deps, { signedIn: true }))
    .get('/people', ({ viewer, query }) => people.listPeople(deps, viewer.team.id, query), {
      query: validated('query', PeopleQuery),
    })
    // Not the list: an account to link is found by its name whatever its signals (docs/console.md#people).
    .get('/people/accounts', ({ viewer, query }) => people.findAccounts(deps, viewer.team.id, query.author), {
      query: validated('query', AccountsQuery),
    })
    .get(
      '/people/export',
      async ({ viewer, query, request, server }) =>
        exportResponse(
          deps,
          { request, server },
          await exportPeople(deps, viewer.team.id, query.format, query.bom === 'true'),
        ),
      {
        query: validated('query', PeopleExportQuery),
      },
    )
    .get('/people/heat-threshold', ({ viewer }) => people.heatThreshold(deps, viewer.team.id), { query: NoQuery })
    .put(
      '/people/heat-threshold',
      ({ viewer, body }) => people.setHeatThreshold(deps, viewer.team.id, body.heatThreshold),
      {
        body: validated('body', HeatThreshold),
      },
    )
    .get('/people/:id', ({ viewer, params }) => people.getPerson(deps, viewer.team.id, params.id), { query: NoQuery })
    // docs/console.md#people: Forget this person, asked first on the page; owners and members alike, as revoking a key.
    .delete('/people/:id', async ({ viewer, params }) => {
      await forgetPerson(deps, viewer.team.id, params.id)
      return { forgotten: params.id }
    })
    .post(
      '/people/:id/links',
      ({ viewer, params, body }) => people.linkPerson(deps, viewer.team.id, params.id, body.personId),
      {
        body: validated('body', LinkBody),
      },
    )
    .delete('/people/:id/links/:otherId', ({ viewer, params }) =>
      people.unlinkPerson(deps, viewer.team.id, params.id, params.otherId),
    )
    .put(
      '/people/:id/mute',
      ({ viewer, params, body }) => people.mutePerson(deps, viewer.team.id, params.id, body.muted),
      {
        body: validated('body', MuteBody),
      },
    )

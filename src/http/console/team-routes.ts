import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { addIcp, editIcp, listIcps, removeIcp } from '../../domain/icps/icps'
import { addKeywords, cleanKeywords, listKeywords, removeKeywords } from '../../domain/keywords/keywords'
import { openSignal } from '../../domain/signals/open'
import { readSignals } from '../../domain/signals/list'
import { IcpBody, IcpEditBody, KeywordBody } from '../../wire/console'
import { SignalQuery } from '../../wire/signals'
import { NoQuery, validated } from '../validated'
import { consoleChecks } from './checks'

const hidden = { detail: { hide: true } }

/** docs/console.md#routes: what the Signals, Keywords and ICP profiles pages read and change, for the viewer's team. */
export const consoleTeamRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/console/api' })
    .use(consoleChecks(deps, { signedIn: true }))
    .get('/signals', ({ viewer, query }) => readSignals(deps, viewer.team, query), {
      query: validated('query', SignalQuery),
      ...hidden,
    })
    .get('/signals/:id', ({ viewer, params }) => openSignal(deps, { teamId: viewer.team.id, id: params.id }), {
      query: NoQuery,
      ...hidden,
    })
    .get('/keywords', async ({ viewer }) => ({ keywords: await listKeywords(deps, { teamId: viewer.team.id }) }), {
      query: NoQuery,
      ...hidden,
    })
    .post(
      '/keywords',
      async ({ viewer, body }) =>
        addKeywords(deps, { teamId: viewer.team.id, keywords: cleanKeywords([body.keyword]) }),
      { body: validated('body', KeywordBody), ...hidden },
    )
    .delete(
      '/keywords/:keyword',
      async ({ viewer, params }) => removeKeywords(deps, { teamId: viewer.team.id, keywords: [params.keyword] }),
      hidden,
    )
    .get('/icp-profiles', async ({ viewer }) => ({ profiles: await listIcps(deps, { teamId: viewer.team.id }) }), {
      query: NoQuery,
      ...hidden,
    })
    .post('/icp-profiles', ({ viewer, body }) => addIcp(deps, { teamId: viewer.team.id, ...body }), {
      body: validated('body', IcpBody),
      ...hidden,
    })
    .put(
      '/icp-profiles/:name',
      ({ viewer, body, params }) => editIcp(deps, { teamId: viewer.team.id, name: params.name, ...body }),
      { body: validated('body', IcpEditBody), ...hidden },
    )
    .delete(
      '/icp-profiles/:name',
      async ({ viewer, params }) => {
        await removeIcp(deps, { teamId: viewer.team.id, name: params.name })
        return { removed: params.name }
      },
      hidden,
    )

import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { usageByDay } from '../../domain/quota/usage-by-day'
import { issueApiKey, listApiKeys, revokeApiKey } from '../../domain/keys/keys'
import { teamSources } from '../../domain/sources/team-sources'
import { teamPolling } from '../../domain/polling/team-progress'
import { listTeamUsers } from '../../domain/users/users'
import { KeyBody } from '../../wire/console'
import type { TeamSources } from '../../wire/platforms'
import { NoQuery, validated } from '../validated'
import { consoleChecks } from './checks'

/**
 * docs/console.md#routes: the Usage, Sources and Settings pages (keys for the API, and for owners the team's users),
 * and where polling stands for the empty Signals page.
 */
export const consoleSettingsRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/console/api', detail: { hide: true } })
    .use(consoleChecks(deps, { signedIn: true }))
    .get('/usage', ({ viewer }) => usageByDay(deps, viewer), { query: NoQuery })
    .get('/sources', ({ viewer }): Promise<TeamSources> => teamSources(deps, viewer), { query: NoQuery })
    // The empty Signals page and its getting-started checklist: when polling runs next, and whether it has yet.
    .get('/polling', ({ viewer }) => teamPolling(deps, viewer.team.id), { query: NoQuery })
    // The Signals page's notice that the embedded scorer stood in: what the model is doing now (scorer-condition.ts).
    .get('/scorer', () => deps.scoring.scorerCondition(), { query: NoQuery })
    .get('/keys', async ({ viewer }) => ({ keys: await listApiKeys(deps, { teamId: viewer.team.id }) }), {
      query: NoQuery,
    })
    // The new key is in this answer only: the page shows it once, for copying.
    .post('/keys', ({ viewer, body }) => issueApiKey(deps, { teamId: viewer.team.id, label: body.label }), {
      body: validated('body', KeyBody),
    })
    .delete('/keys/:prefix', async ({ viewer, params }) => ({
      revoked: await revokeApiKey(deps, { teamId: viewer.team.id, key: params.prefix }),
    }))
    .get('/users', async ({ viewer }) => ({ users: await listTeamUsers(deps, viewer) }), { query: NoQuery })

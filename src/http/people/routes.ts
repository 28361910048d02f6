import { PersonLinkPath, PersonPath } from '../../wire/path-ids'
import { Elysia } from 'elysia'
import type { Deps } from '../../deps'
import { exportPeople } from '../../domain/people/export'
import { forgetPerson } from '../../domain/people/forget'
import {
  getPerson,
  heatThreshold,
  linkPerson,
  listPeople,
  mutePerson,
  setHeatThreshold,
  unlinkPerson,
} from '../../domain/people/people'
import { errorBody, keyedErrors } from '../../wire/common'
import { HeatThreshold, LinkBody, MuteBody, PeopleExportQuery, PeopleQuery } from '../../wire/people'
import { PeoplePage, personAnswer } from '../../wire/person-answers'
import { described } from '../../wire/answer-fields-about'
import { apiChecks } from '../checks'
import { answers, NoQuery, validated, unchecked } from '../validated'
import { exportResponse, fileResponses } from '../signals/export-response'
import { apiSecurity } from '../api-security'
import type { Scope } from '../../domain/oauth/scopes'
import { documentedErrors, headerObjects } from '../response-headers'

const errors = { ...keyedErrors, 404: errorBody(404) }
const detail = (summary: string, description: string, scope: Scope = 'signals:read') => ({
  summary,
  description: `${description} Not counted against the quota.`,
  security: apiSecurity(scope),
})
const writeDetail = (summary: string, description: string) => detail(summary, description, 'signals:write')

/** docs/people.md: reading the team's people (scope signals:read). */
export const peopleRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/api/v1', detail: { tags: ['people'] } })
    .use(apiChecks(deps, 'signals:read'))
    .get('/people', ({ caller, query }) => listPeople(deps, caller.team.id, query), {
      query: validated('query', PeopleQuery),
      response: answers(deps.config, { 200: PeoplePage, ...keyedErrors }),
      detail: detail(
        "The team's people, the hottest first",
        'Who wrote the signals: one person per platform author, or several linked by hand. The signals filters ' +
          'keep the people with at least one signal that passes them. Sorted by heat (0 to 100: the best score, ' +
          'how recent, how many signals, an ICP match), then last seen, then id. Muted people are left out unless ' +
          'include=muted.',
      ),
    })
    .get(
      '/people/export',
      async ({ caller, query, request, server }) =>
        exportResponse(
          deps,
          { request, server },
          await exportPeople(deps, caller.team.id, query.format, query.bom === 'true'),
        ),
      {
        query: validated('query', PeopleExportQuery),
        detail: {
          ...detail(
            'Every person, as a CSV or JSON Lines file for a CRM',
            'One record per person with its stable id, so an import that matches on it updates rather than ' +
              'duplicates. Streamed; CSV cells that a spreadsheet would run are made inert.',
          ),
          responses: fileResponses('The people as a file', {
            ...keyedErrors,
            429: errorBody(429, ['too_many_exports']),
          }),
        },
      },
    )
    .get('/people/heat-threshold', ({ caller }) => heatThreshold(deps, caller.team.id), {
      query: NoQuery,
      response: answers(deps.config, { 200: described(HeatThreshold, "The team's heat threshold."), ...keyedErrors }),
      detail: {
        ...detail(
          'The heat at which a person turns hot',
          'Crossing it sends person.updated to the destinations that asked for that event (default 70).',
        ),
        // Elysia's own id keeps the path's hyphen, which a generated client cannot name a function after.
        operationId: 'getApiV1PeopleHeatThreshold',
      },
    })
    .get('/people/:id', ({ caller, params }) => getPerson(deps, caller.team.id, params.id), {
      params: unchecked(PersonPath),
      query: NoQuery,
      response: answers(deps.config, { 200: personAnswer('The person and their posts'), ...errors }),
      detail: detail(
        'One person and their posts in time order',
        "Their latest 200 posts, the oldest first. A linked identity's id leads to the person it is linked to. " +
          "Another team's id is 404.",
      ),
    })

/**
 * docs/people.md#links, #mute, #forget: changing how the team's people are grouped and alerted (scope signals:write).
 */
export const peopleWriteRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/api/v1', detail: { tags: ['people'] } })
    .use(apiChecks(deps, 'signals:write'))
    .post(
      '/people/:id/links',
      ({ caller, params, body }) => linkPerson(deps, caller.team.id, params.id, body.personId),
      {
        parse: 'json',
        params: unchecked(PersonPath),
        query: NoQuery,
        body: validated('body', LinkBody),
        response: answers(deps.config, {
          200: personAnswer('Linked: this person, with the new identities'),
          ...errors,
        }),
        detail: writeDetail(
          'Link another person to this one (the same human on several platforms)',
          'personId and whatever was linked to it become identities of this person; their signals carry this ' +
            "person's id from then on; muted if either was. 400 naming personId for the person itself, an id that names no " +
            'person of the team, or a person that is linked to another; 404 for a path id that names none.',
        ),
      },
    )
    .delete(
      '/people/:id/links/:otherId',
      ({ caller, params }) => unlinkPerson(deps, caller.team.id, params.id, params.otherId),
      {
        params: unchecked(PersonLinkPath),
        query: NoQuery,
        response: answers(deps.config, {
          200: personAnswer('Unlinked: this person, without that identity'),
          ...errors,
        }),
        detail: writeDetail(
          'Undo a link',
          'otherId is a person of its own again, with the signals of its platform and author. 404 when it is not ' +
            'linked to this person.',
        ),
      },
    )
    .put('/people/heat-threshold', ({ caller, body }) => setHeatThreshold(deps, caller.team.id, body.heatThreshold), {
      parse: 'json',
      query: NoQuery,
      body: validated('body', HeatThreshold),
      response: answers(deps.config, { 200: described(HeatThreshold, 'The threshold now in force.'), ...keyedErrors }),
      detail: {
        ...writeDetail(
          'Change the heat at which a person turns hot',
          'A whole number from 1 to 100. It applies from the next signal stored: people already marked hot stay so ' +
            'until then.',
        ),
        operationId: 'putApiV1PeopleHeatThreshold',
      },
    })
    .delete(
      '/people/:id',
      async ({ caller, params, set }) => {
        await forgetPerson(deps, caller.team.id, params.id)
        set.status = 204
      },
      {
        params: unchecked(PersonPath),
        query: NoQuery,
        // 204 has no body and so no schema: the answers are written out (the route's errors, as documented).
        detail: {
          ...writeDetail(
            'Forget a person: an erasure request, or someone stored by mistake',
            'Removes the person, the accounts linked into them, all their signals, the verdicts on those and their ' +
              'deliveries not sent yet, in one transaction, and keeps their accounts out of later passes, streams ' +
              'and imports. Cannot be undone. 400 for an account linked into someone (unlink it, or forget that ' +
              "person); another team's id is 404.",
          ),
          responses: {
            204: { description: 'Forgotten; no body', headers: headerObjects(204) },
            ...documentedErrors(errors),
          },
        },
      },
    )
    .put('/people/:id/mute', ({ caller, params, body }) => mutePerson(deps, caller.team.id, params.id, body.muted), {
      parse: 'json',
      params: unchecked(PersonPath),
      query: NoQuery,
      body: validated('body', MuteBody),
      response: answers(deps.config, { 200: personAnswer('The person, muted or unmuted as asked'), ...errors }),
      detail: writeDetail(
        'Mute a person, or unmute',
        'While muted, their new signals are stored but dismissed: out of the lists, of every destination and of ' +
          'person.updated. Signals stored before stay as they are.',
      ),
    })

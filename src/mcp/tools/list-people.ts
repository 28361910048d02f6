import type { Deps } from '../../deps'
import { listPeople } from '../../domain/people/people'
import { PeopleArgs } from '../../wire/people'
import { PeoplePage } from '../../wire/person-answers'
import { defineTool, type Listing, pageLine, strangersWrote } from '../tool'

const PEOPLE: Listing = {
  items: 'People',
  matching: (n) => (n === 1 ? '1 person matches' : `${n} people match`),
  order: 'hottest first',
}

/** `GET /api/v1/people` (docs/people.md), with the same filters and paging as JSON arguments. */
export function listPeopleTool(deps: Deps) {
  return defineTool({
    name: 'list_people',
    title: 'List people',
    description:
      "Who wrote the team's signals: one person per platform author, or several identities linked by hand, each " +
      'with how many signals, the best score and intent, whether a signal matched an ICP profile, when they were ' +
      'first and last seen, and a heat from 0 to 100 (hot from 70, warm from 40) that combines the best score, ' +
      'how recent, how many signals and the ICP match. Hottest first; the filters of list_signals keep the people ' +
      'with at least one signal that passes them and was not judged not relevant, except that with author any of ' +
      'their signals does (someone whose every post was dismissed is found by name); muted people are left out ' +
      'unless include is "muted". Not counted ' +
      `against the quota. ${strangersWrote({ posts: false, reasons: false })}`,
    input: PeopleArgs,
    output: PeoplePage,
    counted: false,
    scope: 'signals:read',
    openWorld: false,
    async run(caller, args) {
      const page = await listPeople(deps, caller.team.id, args)
      return { result: page, summary: pageLine(PEOPLE, page, page.people.length) }
    },
  })
}

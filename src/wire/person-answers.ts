import * as v from 'valibot'
import { pageFigures } from './common'
import { Instant, MaybeInstant } from './instant'
import { aboutPost, described } from './answer-fields-about'

// What a person's figures mean (docs/people.md#heat): only their counted signals, neither judged not relevant nor
// stored while they were muted, make them.
const COUNTED = 'of their counted signals (neither judged not relevant nor stored while muted)'

const Identity = v.object({
  id: described(v.string(), "The account's own person id (per_…), which leads to this person."),
  platform: described(v.string(), 'The platform of the account.'),
  author: described(v.string(), 'Its name there.'),
  profileUrl: described(v.string(), 'Its profile there.'),
})

export const Person = v.object({
  id: v.pipe(v.string(), v.description('Stable: the id signals, exports and deliveries carry as personId.')),
  platform: described(v.string(), 'The platform of their own account (linked accounts are identities).'),
  author: described(v.string(), 'Their name on that platform.'),
  profileUrl: described(v.string(), 'Their profile on that platform.'),
  identities: v.pipe(
    v.array(Identity),
    v.description('The identities on other platforms linked to this person by hand.'),
  ),
  signals: described(v.number(), `How many ${COUNTED}.`),
  bestScore: described(v.number(), `The best score ${COUNTED}; 0 when none counts.`),
  bestIntent: described(v.nullable(v.string()), 'The intent of that best signal; null when none counts.'),
  icpMatched: described(v.boolean(), "Whether any of them matched one of the team's ICP profiles."),
  firstSeen: described(MaybeInstant, 'When the first of them was published; null when none counts.'),
  lastSeen: described(MaybeInstant, 'When the newest of them was published; null when none counts.'),
  heat: v.pipe(v.number(), v.description('0 to 100 (docs/people.md#heat).')),
  band: described(v.picklist(['hot', 'warm', 'cold']), 'From heat: hot from 70, warm from 40, cold below.'),
  muted: described(v.boolean(), 'Whether the team muted them: their new signals are stored dismissed, sent nowhere.'),
})

export const PeoplePage = v.pipe(
  v.object({
    people: described(v.array(Person), 'This page of people, the hottest first.'),
    ...pageFigures('people'),
  }),
  v.description("A page of the team's people that pass the filters; not counted."),
)

const PersonPost = v.object({
  id: described(v.string(), "The signal's id."),
  platform: described(v.string(), aboutPost.platform),
  author: described(v.string(), aboutPost.author),
  intent: described(v.string(), aboutPost.intent),
  score: described(v.number(), aboutPost.score),
  reason: described(v.string(), aboutPost.reason),
  content: described(v.string(), aboutPost.preview),
  cut: v.pipe(
    v.boolean(),
    v.description('true when the post goes on past content, its first 300 characters (the signals API has the rest)'),
  ),
  url: described(v.string(), aboutPost.url),
  keyword: described(v.string(), aboutPost.keyword),
  publishedAt: described(Instant, aboutPost.publishedAt),
  dismissed: described(
    v.boolean(),
    'Judged not relevant, or stored while they were muted: it does not count in their figures.',
  ),
})

export const PersonDetail = v.object({
  person: described(Person, 'The person.'),
  posts: described(v.array(PersonPost), 'Their latest 200 posts, the oldest first.'),
})

/** A person's answer after `done`, for each route that answers one (docs/people.md). */
export const personAnswer = (done: string) => described(PersonDetail, `${done}; not counted.`)

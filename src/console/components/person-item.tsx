import type * as v from 'valibot'
import type { Person } from '../../wire/person-answers'
import { platformName } from '../signal-facts'
import { Name } from './ui'

export type PersonView = v.InferOutput<typeof Person>

/** A person's heat as a badge of its band (docs/people.md#heat). */
export const Heat = (props: { person: PersonView }) => (
  <span class={`heat heat-${props.person.band}`} title={`heat ${props.person.heat} of 100: ${props.person.band}`}>
    {props.person.heat} {props.person.band}
  </span>
)

/** One person in a list: heat, name (to their page), platforms, what counts of theirs, chips. */
export const PersonItem = (props: { person: PersonView }) => {
  const p = props.person
  return (
    <li class={p.muted ? 'person muted-person' : 'person'}>
      <Heat person={p} />
      <a href={`#/people/${encodeURIComponent(p.id)}`}>
        <Name name={p.author} />
      </a>
      <span>{[p.platform, ...p.identities.map((i) => i.platform)].map(platformName).join(' · ')}</span>
      <span>
        {p.signals === 0
          ? 'no signal counted'
          : `${p.signals} signal${p.signals === 1 ? '' : 's'}, best ${p.bestScore} ${p.bestIntent ?? ''}`}
      </span>
      {p.icpMatched && <span class="chip">profile match</span>}
      {p.muted && <span class="chip">muted</span>}
    </li>
  )
}

import { useEffect, useRef, useState } from 'preact/hooks'
import { api } from '../api'
import { useRefusedField } from './refused-field'
import { Alert } from './ui'

const REFUSAL_ID = 'heat-threshold-refused'

/**
 * docs/people.md#the-threshold: the People page's Hot at form, the heat at which person.updated is sent. A value the
 * server refuses is said under the form and marks the box (docs/console.md#people), as the other forms do: said at the
 * top of the page, it was out of sight above a long list, and tied to no field. What was typed stays.
 */
export function HeatThreshold(props: { setError: (m: string) => void }) {
  const [value, setValue] = useState('')
  const [saved, setSaved] = useState('')
  const [refusal, setRefusal] = useState('')
  const formRef = useRef<HTMLFormElement>(null)
  const mark = useRefusedField(formRef, REFUSAL_ID, { labels: { heatThreshold: 'Heat threshold' } })
  const load = () =>
    api<{ heatThreshold: number }>('GET', '/people/heat-threshold').then((t) => {
      setValue(String(t.heatThreshold))
      setSaved(String(t.heatThreshold))
    })
  useEffect(() => {
    load().catch((e) => props.setError(e.message))
  }, [])
  const save = (e: Event) => {
    e.preventDefault()
    api<{ heatThreshold: number }>('PUT', '/people/heat-threshold', { heatThreshold: Number(value) })
      .then((t) => {
        setSaved(String(t.heatThreshold))
        setRefusal('')
        mark.clear()
      })
      .catch((err: Error) => {
        setRefusal(mark.refused(err))
      })
  }
  return (
    <form class="stacked" ref={formRef} onSubmit={save}>
      <h2>Hot at</h2>
      {/* In the Destinations page's words ("People turning hot"), which adds one: "person.updated" told nobody how. */}
      {/* Not "from this heat a person is hot": the badges keep their bands (docs/people.md#heat) whatever it is. */}
      <p class="hint">
        A webhook destination for people turning hot, added on the <a href="#/webhooks">Destinations</a> page (
        <a href="/docs/people#person-updated">how</a>), hears each time a person's heat reaches this. A person's badge
        stays hot from 70 and warm from 40.
      </p>
      <label>
        Heat threshold (1 to 100)
        <input
          type="number"
          min="1"
          max="100"
          step="1"
          // Empty, it would be sent as 0 and refused.
          required
          value={value}
          {...mark.box('heatThreshold', (typed) => {
            setValue(typed)
            setRefusal('')
          })}
        />
      </label>
      <Alert message={refusal} id={REFUSAL_ID} />
      <button type="submit" disabled={value === saved}>
        Save
      </button>
    </form>
  )
}

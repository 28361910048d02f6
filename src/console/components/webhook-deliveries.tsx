import { useEffect, useState } from 'preact/hooks'
import type * as v from 'valibot'
import type { Delivery as WireDelivery } from '../../wire/webhooks'
import { api, when } from '../api'

export type Delivery = v.InferOutput<typeof WireDelivery>

/** docs/webhooks.md#the-delivery-log: an endpoint's deliveries, newest first, each with Replay. */
export function Deliveries(props: { endpointId: string }) {
  const [deliveries, setDeliveries] = useState<Delivery[] | null>(null)
  const [error, setError] = useState('')
  const base = `/webhooks/${props.endpointId}/deliveries`
  const load = () =>
    api<{ deliveries: Delivery[] }>('GET', base)
      .then((d) => setDeliveries(d.deliveries))
      .catch((e) => setError(e.message))
  useEffect(() => {
    load()
  }, [props.endpointId])
  const replay = (d: Delivery) =>
    api('POST', `${base}/${d.id}/replay`, {})
      .then(load)
      .catch((e) => setError(e.message))
  if (error)
    return (
      <p role="alert" class="error">
        {error}
      </p>
    )
  if (deliveries === null) return <p>Loading deliveries…</p>
  if (deliveries.length === 0) return <p>No deliveries yet.</p>
  return (
    <div class="table-wrap">
      <table aria-label="Deliveries">
        <thead>
          <tr>
            <th>Id</th>
            <th>Event</th>
            <th>Status</th>
            <th>Attempts</th>
            <th>Last answer</th>
            <th>Last attempt</th>
            <th>Next attempt</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <tr>
              <td>{d.id}</td>
              <td>{d.event}</td>
              <td>{d.status}</td>
              <td>{d.attempts}</td>
              <td>{d.lastError ?? d.lastStatusCode ?? '—'}</td>
              <td>{when(d.lastAttemptAt)}</td>
              <td>{when(d.nextAttemptAt)}</td>
              <td>
                <button type="button" aria-label={`Replay ${d.id}`} onClick={() => replay(d)}>
                  Replay
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

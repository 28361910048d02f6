import { useEffect, useState } from 'preact/hooks'
import type * as v from 'valibot'
import type { Delivery as WireDelivery } from '../../wire/webhook-answers'
import { api, changeThen } from '../api'
import { DataTable } from './data-table'
import { Alert, Ago } from './ui'

export type Delivery = v.InferOutput<typeof WireDelivery>

/**
 * docs/webhooks.md#the-delivery-log: an endpoint's deliveries, newest first, each with Replay. Read again when `reads`
 * changes: a Test pressed while the log is open adds to it.
 */
export function Deliveries(props: { endpointId: string; reads?: number }) {
  const [deliveries, setDeliveries] = useState<Delivery[] | null>(null)
  const [error, setError] = useState('')
  const base = `/webhooks/${props.endpointId}/deliveries`
  const load = () =>
    api<{ deliveries: Delivery[] }>('GET', base)
      .then((d) => setDeliveries(d.deliveries))
      .catch((e) => setError(e.message))
  useEffect(() => {
    load()
  }, [props.endpointId, props.reads])
  // A refused Replay (the delivery dropped by housekeeping, the database not writable) is said above the log, which is
  // read again; the message once took the log's place until Deliveries was closed and opened again.
  const replay = (d: Delivery) => changeThen(load, setError)(api('POST', `${base}/${d.id}/replay`, {}))
  if (deliveries === null) return error ? <Alert message={error} /> : <p>Loading deliveries…</p>
  return (
    <>
      <Alert message={error} />
      {deliveries.length === 0 ? (
        <p>No deliveries yet.</p>
      ) : (
        <DataTable
          label="Deliveries"
          rows={deliveries}
          columns={[
            { head: 'Id', cell: (d) => d.id, word: true },
            { head: 'Event', cell: (d) => d.event, word: true },
            { head: 'Status', cell: (d) => d.status, word: true },
            { head: 'Attempts', cell: (d) => d.attempts },
            { head: 'Last answer', cell: (d) => d.lastError ?? d.lastStatusCode ?? '—' },
            { head: 'Last attempt', cell: (d) => <Ago iso={d.lastAttemptAt} /> },
            // A pending delivery with no next attempt is one of a disabled destination
            // (docs/webhooks.md#the-delivery-log).
            {
              head: 'Next attempt',
              cell: (d) =>
                d.status === 'pending' && d.nextAttemptAt === null ? (
                  'not while disabled'
                ) : (
                  <Ago iso={d.nextAttemptAt} scheduled />
                ),
            },
            {
              head: '',
              cell: (d) => (
                <button type="button" aria-label={`Replay ${d.id}`} onClick={() => replay(d)}>
                  Replay
                </button>
              ),
            },
          ]}
        />
      )}
    </>
  )
}

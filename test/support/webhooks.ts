import { Webhook } from 'standardwebhooks'
import type { Deps } from '../../src/deps'
import { claimDue, runAttempt } from '../../src/domain/webhooks/deliver'
import { createEndpoint, type EndpointInput } from '../../src/domain/webhooks/endpoints'
import { deliveriesOf } from '../../src/domain/webhooks/filters'
import { newId } from '../../src/lib/ids'
import type { CursorUpdate, Delivery, StoredOutcome } from '../../src/storage/repos/polling-types'
import type { NewSignal } from '../../src/storage/repos/signals'
import { seedTeam, testDeps } from './deps'
import type { Received } from './fake-upstream'

/** A signal row as a polling pass would store it. */
export function signalRow(teamId: string, a: Partial<NewSignal> = {}): NewSignal {
  const id = newId('sig')
  return {
    id,
    teamId,
    platform: 'hackernews',
    postId: `post-${id}`,
    author: 'ann',
    intent: 'ACTIVE',
    score: 8,
    reason: 'Asks for a CRM recommendation with budget approved.',
    icpMatch: null,
    preview: 'We are looking for a CRM for our 5-person sales team.',
    contentFull: 'We are looking for a CRM for our 5-person sales team. Any recommendations? Budget approved.',
    url: `https://news.ycombinator.com/item?id=${id}`,
    keyword: 'crm',
    publishedAt: '2026-11-15T11:00:00.000Z',
    detectedAt: '2026-11-15T11:59:00.000Z',
    ...a,
  }
}

/** What a polling pass stores for a page whose only outcome is `signals` (and `cursor`, `deliveries` when given). */
export const signalsOutcome = (
  deps: Deps,
  signals: StoredOutcome['signals'],
  cursor?: CursorUpdate,
  deliveries: Delivery[] = [],
): StoredOutcome => ({
  signals,
  deliveries,
  scored: [],
  queue: [],
  failed: [],
  fetchedAt: deps.clock.now().toISOString(),
  storedAt: deps.clock.now(),
  ...(cursor && { cursor }),
})

/** Stores signals the way a polling pass does (the same repository call, in one transaction with their deliveries). */
export async function storeSignals(deps: Deps, signals: StoredOutcome['signals']) {
  return deps.repos.polling.store(signalsOutcome(deps, signals, undefined, await deliveriesOf(deps, signals)))
}

/** Verifies a received delivery with the `standardwebhooks` library; returns the parsed body (throws if it fails). */
export function verified(secret: string, req: Received): any {
  const headers = {
    'webhook-id': req.headers.get('webhook-id') ?? '',
    'webhook-timestamp': req.headers.get('webhook-timestamp') ?? '',
    'webhook-signature': req.headers.get('webhook-signature') ?? '',
  }
  return new Webhook(secret).verify(req.body, headers)
}

export async function deliveryRows(deps: Deps) {
  const rs = await deps.database.client.execute(
    'select id, endpoint_id, signal_id, status, attempts, next_attempt_at, last_status_code, last_error from webhook_deliveries order by created_at, id',
  )
  return rs.rows.map((r) => ({ ...r }))
}

/** An endpoint's settings: every signal, enabled, unless `a` says otherwise. */
export const endpointInput = (url: string, a: Partial<EndpointInput> = {}): EndpointInput => ({
  url,
  kind: 'webhook',
  cadence: 'instant',
  digestHour: 9,
  timeZone: 'UTC',
  quietHours: null,
  enabled: true,
  minScore: 0,
  intents: null,
  keywords: null,
  platforms: null,
  ...a,
})

/**
 * What the delivery worker does on each tick, once: claim what is due and send it, all of it to the end; with no cap
 * per destination, so a test's burst to one receiver goes in one step (the cap: test/jobs/delivery-fairness.test.ts).
 */
export async function deliverDue(deps: Deps, holder = 'test-holder') {
  const claimed = await claimDue(deps, { holder, limit: 100, perDestination: 100 })
  await Promise.all(claimed.map((d) => runAttempt(deps, d)))
  return claimed.length
}

/**
 * A team's one webhook destination (never reached) and a `webhook.test` delivery to it for each of `ids`, written in
 * that order and all in the same millisecond: for the orders the deliveries' repository keeps.
 */
export async function deliveriesWritten(ids: string[]) {
  const { deps, clock } = await testDeps({ config: { webhooks: { allow_private_targets: true } } })
  const { team } = await seedTeam(deps)
  const { endpoint } = await createEndpoint(deps, { teamId: team.id, input: endpointInput('http://127.0.0.1:9/a') })
  const repo = deps.repos.webhookDeliveries
  const now = clock.now()
  for (const id of ids) {
    const at = { nowMs: now.getTime(), nowIso: now.toISOString() }
    await repo.insert({ id, endpointId: endpoint.id, event: 'webhook.test', payload: '{}', ...at })
  }
  return { repo, endpoint, now }
}

/** Every TextRun's text in a Teams card (or its message), as a reader's Teams draws it. */
export const cardRuns = (node: unknown): string[] =>
  Array.isArray(node)
    ? node.flatMap(cardRuns)
    : node && typeof node === 'object'
      ? (node as { type?: string; text?: string }).type === 'TextRun'
        ? [(node as { text: string }).text]
        : Object.values(node).flatMap(cardRuns)
      : []

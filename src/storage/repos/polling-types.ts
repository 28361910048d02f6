import type { NewSignal } from './signals'
import type { StreamPosition } from './stream-positions'

export type PendingKey = { teamId: string; platform: string; postId: string }
/**
 * A (team, mention) pair of the queue. The mention is kept as JSON: its shape belongs to the platforms
 * (platforms/types.ts), and storage reads it back as the caller says it wrote it.
 */
export type PendingMention<M = unknown> = PendingKey & { keyword: string; mention: M; attempts: number }
export type Cursor = { newestAt: string | null; newestIds: string[]; polledAt: string }
export type CursorUpdate = Cursor & { platform: string; keywordLc: string }
/** A webhook delivery to queue for a signal (domain/webhooks/filters.ts chooses the endpoints). */
export type Delivery = { signalId: string; endpointId: string }
/** What one step of a pass stores at once (createPollingRepo().store). */
export type StoredOutcome = {
  /** With the author's profile URL where the platform gave one, kept on the person (docs/people.md). */
  signals: (NewSignal & { profileUrl?: string })[]
  /** The new signals' webhook deliveries, stored with them (none for a signal whose post the team already had). */
  deliveries: Delivery[]
  scored: PendingKey[]
  queue: PendingMention[]
  failed: PendingKey[]
  fetchedAt: string
  /** When this is stored: the new signals' webhook deliveries are due then. */
  storedAt: Date
  cursor?: CursorUpdate
  /** A stream reader's position past the posts stored here (docs/streams.md#resuming). */
  stream?: StreamPosition
}

// A person's row as the people repo reads it (docs/people.md): the columns, and the row made a PersonRow.
import type { Row } from '@libsql/client'

export const PERSON_COLUMNS = `p.id, p.platform, p.author, p.profile_url, p.linked_to, p.muted, p.signal_count, p.best_score,
  p.best_intent, p.icp_matched, p.first_seen, p.last_seen`

export type PersonRow = {
  id: string
  platform: string
  author: string
  profileUrl: string
  linkedTo: string | null
  muted: boolean
  signals: number
  bestScore: number
  bestIntent: string | null
  icpMatched: boolean
  firstSeen: string | null
  lastSeen: string | null
  heat: number
}

export const personOf = (r: Row): PersonRow => ({
  id: String(r.id),
  platform: String(r.platform),
  author: String(r.author),
  profileUrl: String(r.profile_url),
  linkedTo: r.linked_to === null ? null : String(r.linked_to),
  muted: Number(r.muted) === 1,
  signals: Number(r.signal_count),
  bestScore: Number(r.best_score),
  bestIntent: r.best_intent === null ? null : String(r.best_intent),
  icpMatched: Number(r.icp_matched) === 1,
  firstSeen: r.first_seen === null ? null : String(r.first_seen),
  lastSeen: r.last_seen === null ? null : String(r.last_seen),
  heat: Number(r.heat ?? 0),
})

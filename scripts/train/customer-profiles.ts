/**
 * Ideal-customer profiles of the corpus's markets (data/training/customer-profiles.json, market in lower case →
 * profiles): who a seller's customer is, as a team fills in a profile's name and description in the console or the
 * API ("Operations leads at DTC brands shipping 300+ orders a day"). The rows' `icp` says what the seller sells; a
 * model that saw only that phrasing read a buyer as off topic when the team's profile describes its customers.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ScoreInput } from '../../src/scorers/types'
import type { CorpusRow } from './corpus'
import { CORPUS_DIR } from './paths'

export type CustomerProfile = { name: string; description: string }
export type CustomerProfiles = ReadonlyMap<string, readonly CustomerProfile[]>

export const CUSTOMER_PROFILES_FILE = 'customer-profiles.json'

/** The profiles of each market, by market in lower case; none when the file is absent. */
export function readCustomerProfiles(dir = CORPUS_DIR): CustomerProfiles {
  const path = join(dir, CUSTOMER_PROFILES_FILE)
  if (!existsSync(path)) return new Map()
  const byMarket = JSON.parse(readFileSync(path, 'utf8')) as Record<string, CustomerProfile[]>
  return new Map(Object.entries(byMarket).map(([market, profiles]) => [market.toLowerCase(), profiles]))
}

/** The one profile of its market a row is shown with: picked from its id, so that training stays deterministic. */
export function customerProfileOf(r: CorpusRow, profiles: CustomerProfiles): CustomerProfile | undefined {
  const of = profiles.get(r.market.toLowerCase()) ?? []
  let h = 0
  for (const ch of r.id) h = (Math.imul(h, 31) + (ch.codePointAt(0) as number)) >>> 0
  return of[h % Math.max(1, of.length)]
}

/**
 * A row as polling asks about it for a team whose one profile describes its customers and lists no competitors: the
 * hardest of the ways a team fills in the form, since the post can only be tied to the profile by its words.
 */
export function asCustomerInput(r: CorpusRow, profile: CustomerProfile): ScoreInput {
  return { content: r.content, keyword: r.keyword, icps: [{ name: profile.name, description: profile.description }] }
}
